/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

interface Window {
  /** Set by /config.js (served by the API process, or by the vite dev plugin) before the app bundle loads. */
  __APP_CONFIG__?: { backendUrl?: string; mapTileUrl?: string; mapTileAttribution?: string };
}
