import { Svg } from './strokeIcons';

/**
 * A small circled 'i' drawn as SVG: the text glyph ⓘ is missing from many system fonts and
 * then shows as an empty box.
 */
export function InfoIcon({ size = 16 }: { size?: number }) {
  return (
    <Svg size={size} style={{ display: 'block' }}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 11v6" />
      <circle cx="12" cy="7.5" r="0.6" fill="currentColor" />
    </Svg>
  );
}
