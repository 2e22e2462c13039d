/** How modules outside React (the API client, sign-out) move the router; the router registers itself. */
type Navigate = (path: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (path, opts) => {
  if (opts?.replace) window.location.replace(path);
  else window.location.assign(path);
};

/** Registers the router's navigate function. */
export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

/** Navigates with the router when one is registered, otherwise with a page load. */
export function navigateTo(path: string, opts?: { replace?: boolean }): void {
  navigateImpl(path, opts);
}
