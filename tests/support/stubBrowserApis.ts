/**
 * What Mantine and the widgets need from a browser and jsdom lacks: matchMedia, ResizeObserver
 * and scrollIntoView. Call it in beforeAll of a jsdom test.
 */
export function stubBrowserApis(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // As a browser does, it tells once what it observes (jsdom lays nothing out: a box of 0 by 0).
  globalThis.ResizeObserver ??= class {
    #callback: ResizeObserverCallback;
    #live = true;
    constructor(callback: ResizeObserverCallback) {
      this.#callback = callback;
    }
    observe(target: Element) {
      queueMicrotask(() => {
        if (!this.#live) return;
        const entry = { target, contentRect: target.getBoundingClientRect() } as ResizeObserverEntry;
        this.#callback([entry], this as unknown as ResizeObserver);
      });
    }
    unobserve() {}
    disconnect() {
      this.#live = false;
    }
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
}
