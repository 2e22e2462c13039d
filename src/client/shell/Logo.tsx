import { Group, Text } from '@mantine/core';

interface LogoProps {
  /** Grey while impersonating (SPEC.md section 2, Top bar). */
  grey?: boolean;
  size?: number;
  /** Show the 'HawkEye' wordmark beside the mark. */
  withText?: boolean;
  /** Wordmark colour. */
  textColor?: string;
  /** Show the wordmark only from this breakpoint up (room for something else on a phone). */
  textVisibleFrom?: 'xs' | 'sm' | 'md';
}

/** The HawkEye mark: a hawk's keen eye under a sharp brow. */
export function LogoMark({ grey = false, size = 36 }: { grey?: boolean; size?: number }) {
  const start = grey ? '#9aa3ad' : '#3bb0ff';
  const end = grey ? '#5f6872' : '#0a5fd6';
  const id = grey ? 'hawk-logo-grey' : 'hawk-logo';
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label="HawkEye logo" data-grey={grey}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={start} />
          <stop offset="1" stopColor={end} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="46" height="46" rx="12" fill={`url(#${id})`} />
      <path d="M6 26 C13 15, 35 14, 43 22 C35 33, 14 35, 6 26 Z" fill="#ffffff" />
      <circle cx="25" cy="24.5" r="6.8" fill={grey ? '#4a525b' : '#f2a900'} />
      <circle cx="25" cy="24.5" r="3.6" fill="#111827" />
      <circle cx="27" cy="22.6" r="1.3" fill="#ffffff" />
      <path d="M5 19 C15 9, 31 7, 44 15 C33 12, 20 13, 8 21 Z" fill="#0b1b33" opacity="0.85" />
    </svg>
  );
}

/** Logo with the optional wordmark. */
export function Logo({
  grey = false,
  size = 36,
  withText = true,
  textColor = 'white',
  textVisibleFrom,
}: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap" data-testid="logo">
      <LogoMark grey={grey} size={size} />
      {withText && (
        <Text
          fw={700}
          fz={size * 0.55}
          c={textColor}
          visibleFrom={textVisibleFrom}
          style={{ letterSpacing: '-0.02em', lineHeight: 1 }}
        >
          Hawk<span style={{ fontWeight: 400 }}>Eye</span>
        </Text>
      )}
    </Group>
  );
}
