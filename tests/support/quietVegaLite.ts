/** A Vega-Lite compile logger that drops every message: for tests that compile specs to compare. */
export const quietVegaLite = {
  level: () => quietVegaLite,
  error: () => quietVegaLite,
  warn: () => quietVegaLite,
  info: () => quietVegaLite,
  debug: () => quietVegaLite,
} as never;
