import { type IconProps, Svg } from '../widgets/icons';

/** The editor's menu icon: angle brackets, drawn like the shell's other stroke icons (24 × 24 grid). */
export function CodeIcon(p: IconProps) {
  return (
    <Svg {...p}>
      <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />
    </Svg>
  );
}
