import { useEffect, useState } from 'react';

/**
 * Counts from the value shown towards `target` one whole step per `stepMs` (the ring animates 1
 * percent per 10 ms). The count follows the clock and is drawn once per frame, so a count of 60
 * takes 600 ms but about 36 renders, not 60.
 */
export function useCountUp(target: number, stepMs = 10): number {
  const [shown, setShown] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new target counts on from what is shown
  useEffect(() => {
    const goal = Math.round(target);
    const from = shown;
    if (from === goal) return;
    const started = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const steps = Math.floor((now - started) / stepMs);
      const next = from < goal ? Math.min(goal, from + steps) : Math.max(goal, from - steps);
      setShown(next);
      if (next !== goal) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, stepMs]);
  return shown;
}
