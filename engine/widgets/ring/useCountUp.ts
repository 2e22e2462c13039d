import { useEffect, useState } from 'react';

/** Counts from 0 to `target` one whole step per `stepMs` (the ring animates 1 percent per 10 ms). */
export function useCountUp(target: number, stepMs = 10): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const goal = Math.round(target);
    const timer = setInterval(() => {
      setShown((v) => {
        if (v === goal) {
          clearInterval(timer);
          return v;
        }
        return v < goal ? v + 1 : v - 1;
      });
    }, stepMs);
    return () => clearInterval(timer);
  }, [target, stepMs]);
  return shown;
}
