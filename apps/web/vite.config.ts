import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { defaultLanguage } from './src/i18n/language-choice';
import { entryGuard } from './vite-plugins/entry-guard';
import { languagePreload } from './vite-plugins/language-preload';
import { precompress } from './vite-plugins/precompress';

const serverTarget = 'http://localhost:3000';

/** Console build: served by the Tollgate server from apps/web/dist with an SPA fallback. */
export default defineConfig({
  plugins: [react(), entryGuard(), languagePreload(defaultLanguage), precompress()],
  resolve: {
    alias: {
      '@tollgate/contracts': fileURLToPath(
        new URL('../../packages/contracts/src/index.ts', import.meta.url),
      ),
    },
  },
  server: {
    proxy: {
      '/api': { target: serverTarget, changeOrigin: true },
      '/v1': { target: serverTarget, changeOrigin: true },
      '/pg': { target: serverTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The shell chunk carries antd's core; screens are split into their own lazy chunks.
    chunkSizeWarningLimit: 1000,
  },
});
