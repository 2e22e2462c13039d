import { useCallback, useRef, useState } from 'react';

/**
 * The width of an element's box as the browser laid it out: undefined until the browser has
 * measured it, then its width in px (0 for a box that takes no room). Set from the ResizeObserver's
 * notice itself, which the browser gives after its layout and before it paints, so a chart knows
 * its width in the frame it mounts. (Mantine's useElementSize waits one more animation frame; a
 * chart whose rows were already there meanwhile compiled and drew a spec for an unknown width first,
 * loading the Vega-Lite compiler on a page whose every spec was compiled before.)
 */
export function useBoxWidth(): { ref: (node: HTMLElement | null) => void; width: number | undefined } {
  const [width, setWidth] = useState<number>();
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(node.getBoundingClientRect().width);
      return;
    }
    observer.current = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.current.observe(node);
  }, []);
  return { ref, width };
}
