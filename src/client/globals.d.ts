/** The app version injected at build time (APP_VERSION); empty for a local build. */
declare const __APP_VERSION__: string;
