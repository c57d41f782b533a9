import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const alias = { '@shared': fromRoot('./shared'), '@renderer': fromRoot('./renderer/src') };

/** The desktop console: Electron main and preload, and the same renderer sources as the web build. */
export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    resolve: { alias },
    build: { outDir: 'out/main', rollupOptions: { input: { index: fromRoot('./electron/main/index.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        // The console's bridge, and the settings window's own preload (it exposes nothing).
        input: { index: fromRoot('./electron/preload/index.ts'), settings: fromRoot('./electron/preload/settings.ts') },
        // Sandboxed preload scripts cannot be ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromRoot('./renderer'),
    plugins: [react()],
    resolve: { alias },
    build: { outDir: 'out/renderer', rollupOptions: { input: { index: fromRoot('./renderer/index.html') } } },
  },
});
