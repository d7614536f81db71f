import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The page: web/index.html -> dist/page. Everything (KaTeX, wasm) is bundled; nothing is fetched
// from a third-party host at run time.
export default defineConfig({
  root: resolve(__dirname),
  base: './',
  publicDir: false,
  // The workers (lab training, Speed benchmark) are inlined and classic ('iife'): Chromium refuses a
  // module worker from a blob: URL made by a page opened from file:// (components/shared/worker.ts).
  worker: { format: 'iife', rollupOptions: { output: { inlineDynamicImports: true } } },
  build: {
    outDir: resolve(__dirname, '../dist/page'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
