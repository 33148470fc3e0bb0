import fs from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const pagesDir = resolve(import.meta.dirname, 'electron/main/windows/pages');
const iconFile = resolve(import.meta.dirname, 'electron/build/icons/icon.png');

/** The floating card's and command bar's static pages (and the tray icon) go to out/main/pages as they are. */
function shellPages(): Plugin {
  return {
    name: 'skilldeck-shell-pages',
    generateBundle() {
      for (const name of fs.readdirSync(pagesDir))
        this.emitFile({
          type: 'asset',
          fileName: `pages/${name}`,
          source: fs.readFileSync(resolve(pagesDir, name)),
        });
      this.emitFile({ type: 'asset', fileName: 'pages/icon.png', source: fs.readFileSync(iconFile) });
    },
  };
}

// Three bundles: the main process (ESM), the preloads (CommonJS: a sandboxed preload cannot be an
// ES module, nor load a shared chunk — `isolatedEntries` bundles each preload whole, although all three
// import shared/ipc/names.ts), and the renderer (served by the app:// protocol in Electron, by
// `skilldeck serve` in a browser).
export default defineConfig({
  main: {
    plugins: [shellPages()],
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      isolatedEntries: true,
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/preload/index.ts'),
          card: resolve(import.meta.dirname, 'electron/preload/card.ts'),
          'command-bar': resolve(import.meta.dirname, 'electron/preload/command-bar.ts'),
          toolbar: resolve(import.meta.dirname, 'electron/preload/toolbar.ts'),
        },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
