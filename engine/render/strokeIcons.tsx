/** The engine's stroke icons (24 × 24 grid): the app draws with them too, so there is one set. */

/** Size (px) and stroke width of a stroke icon. */
export interface IconProps {
  size?: number;
  stroke?: number;
}

/** The shared frame of every stroke icon: a 24 × 24 grid drawn in the current text colour. */
export function Svg({
  size = 18,
  stroke = 2,
  style,
  children,
}: IconProps & { style?: React.CSSProperties; children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={style}
    >
      {children}
    </svg>
  );
}

export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12l5 5L20 7" />
  </Svg>
);
export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="10" cy="10" r="7" />
    <path d="M21 21l-6-6" />
  </Svg>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);
