import { type Browser, chromium } from '@playwright/test';

/**
 * How the tools that open pages run Debian's Chromium (bench:pages, the render check, the rendered
 * diff; the end-to-end tests add flags of their own in playwright.config.ts): without the
 * background work (updates, sync, first-run pages) a run does not need.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium (CHROMIUM_PATH names another), headless, with CHROMIUM_ARGS and `extra`. */
export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', ...CHROMIUM_ARGS, ...extra],
  });
}
