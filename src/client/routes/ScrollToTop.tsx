import { useEffect } from 'react';
import { usePathname } from './pathname';

/** Scrolls to the top whenever the path changes (SPEC.md section 2). */
export function ScrollToTop() {
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
