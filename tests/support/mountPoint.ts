import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Where a jsdom test draws React: one element of the page and its root, made on first use. */
export interface MountPoint {
  /** Draws `node` (again, on the same root, within a test) and returns the element it is in. */
  render(node: ReactNode): HTMLElement;
  /** The element drawn into (after `render`). */
  readonly element: HTMLElement;
  /** Unmounts and removes the element; the next `render` starts afresh (a new visit). */
  unmount(): void;
}

/**
 * A mount point for each test of the file: call at the top level of a jsdom test file. After every
 * test the root is unmounted and its element removed, so nothing leaks into the next test.
 */
export function mountPointPerTest(): MountPoint {
  let root: Root | undefined;
  let element: HTMLElement | undefined;
  const point: MountPoint = {
    render(node) {
      if (!element || !root) {
        element = document.createElement('div');
        document.body.append(element);
        root = createRoot(element);
      }
      const r = root;
      act(() => r.render(node));
      return element;
    },
    get element() {
      if (!element) throw new Error('mountPointPerTest: nothing rendered yet');
      return element;
    },
    unmount() {
      const r = root;
      if (r) act(() => r.unmount());
      element?.remove();
      root = undefined;
      element = undefined;
    },
  };
  afterEach(() => point.unmount());
  return point;
}
