import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * In `vite` dev there is no API process serving /config.js; answer it here so index.html loads the same way in dev
 * and in production (VITE_BACKEND_URL or http://localhost:8080; VITE_MAP_TILE_URL / VITE_MAP_TILE_ATTRIBUTION, else
 * OpenStreetMap).
 */
function devConfigJs(): Plugin {
  return {
    name: 'zapdesk-dev-config-js',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/config.js', (_req, res) => {
        const backendUrl = process.env.VITE_BACKEND_URL ?? 'http://localhost:8080';
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        const mapTileUrl = process.env.VITE_MAP_TILE_URL || undefined;
        const mapTileAttribution = process.env.VITE_MAP_TILE_ATTRIBUTION || undefined;
        res.end(`window.__APP_CONFIG__ = ${JSON.stringify({ backendUrl, mapTileUrl, mapTileAttribution })};`);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui(), tailwindcss(), devConfigJs()],
  server: { port: Number(process.env.WEB_PORT ?? 13400) },
  build: { target: 'es2022', chunkSizeWarningLimit: 600 },
});
