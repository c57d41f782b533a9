import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The web build served by Express; electron.vite.config.ts builds the same sources for the desktop. */
export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: { alias: { '@shared': fromHere('../shared'), '@renderer': fromHere('./src') } },
  build: { outDir: fromHere('./dist'), emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 400 },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
