/** A row of a response: field name to value. */
export type Row = Record<string, unknown>;

/**
 * What the host application gives the engine. The engine never imports the app: it reaches the
 * API, the applied global filter and navigation only through these.
 */
export interface HostServices {
  /** Calls an endpoint with a body (the host adds tokens and retries) and resolves to the JSON answer. */
  fetchJson: (endpoint: string, body: unknown, method: 'GET' | 'POST') => Promise<unknown>;
  /**
   * Calls the export form of a data endpoint (its body: `{ request, csv }`, see the API's
   * export schema) and resolves to the streamed file; `onProgress` is told the share of its rows
   * received (0..1). Without it, tables offer no export.
   */
  exportFile?: (endpoint: string, body: unknown, onProgress: (fraction: number) => void) => Promise<Blob>;
  /** The applied global filter, by key ({"$filter": key} reads it). */
  appliedFilter: Readonly<Record<string, unknown>>;
  /**
   * How many times the global filter has been applied. Nothing is fetched while it is 0 (the
   * filter bar applies on first view, which starts the first fetch); each increase refetches.
   */
  applyCount: number;
  /** Opens a route (panel header links); defaults to setting window.location. */
  navigate?: (route: string) => void;
  /**
   * Opens another page by its id with some of its params set (a drill action). Without it, drill
   * actions do nothing.
   */
  openPage?: (pageId: string, params: Readonly<Record<string, unknown>>) => void;
  /**
   * The params this page was opened with by a drill: they win over stored values and defaults
   * when the page starts, and over the resets of the first apply of the global filter.
   */
  openedWith?: Readonly<Record<string, unknown>>;
  /** Where params with a storageKey are remembered; defaults to window.sessionStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /**
   * What a panel's error card says about an error, in words its readers understand (the host
   * knows its own HTTP errors); undefined leaves the engine's own wording.
   */
  describeError?: (error: Error) => string | undefined;
  /**
   * The page URL's query parameters by name: params marked shareable (`share`) read their values
   * from it, and a change of it that the engine did not make (Back, Forward, an opened link) sets them.
   */
  urlQuery?: Readonly<Record<string, string>>;
  /**
   * True when the URL the page is opened with names a whole view (a shared link, a reload, Back to
   * the page): a shareable param it leaves out is at its default, so it starts at its default, not
   * at a remembered value nor one that follows the global filter. Read when the page starts; a
   * drill (`openedWith`) keeps the remembered values of the params it does not set.
   */
  urlIsWholeView?: boolean;
  /**
   * Sets query parameters of the page URL (undefined removes one), keeping the others: 'push' adds
   * a browser history entry (the user changed a shareable param), 'replace' changes the current one.
   */
  setUrlQuery?: (changes: Readonly<Record<string, string | undefined>>, how: 'push' | 'replace') => void;
  /**
   * How many times the browser has moved through its history (Back, Forward) so far. A move back to
   * the URL the page last saw (its own write not yet shown) still sets the params from the URL.
   */
  historyMoves?: number;
  /** Whether the user may choose `value` for global filter key `key` (a shared param's `within`). */
  allowsFilterValue?: (key: string, value: unknown) => boolean;
  /** Told the query names of URL values that were dropped as outside the user's scope. */
  onSharedValuesDropped?: (names: readonly string[]) => void;
}
