let moves = 0;
if (typeof window !== 'undefined') window.addEventListener('popstate', () => (moves += 1));

/**
 * How many times the browser has moved through its history (Back, Forward) since the app started.
 * Read while rendering: the router renders a move after the browser's popstate event, which has
 * counted it by then.
 */
export function historyMoves(): number {
  return moves;
}
