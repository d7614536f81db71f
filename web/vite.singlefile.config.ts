import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

// dist/posenc.html: the whole page in one file (JS, CSS and wasm inlined) that opens from file://.
export default defineConfig({
  root: resolve(__dirname),
  base: './',
  publicDir: false,
  // The workers (lab training, Speed benchmark) are inlined and classic ('iife'): Chromium refuses a
  // module worker from a blob: URL made by a page opened from file:// (components/shared/worker.ts).
  worker: { format: 'iife', rollupOptions: { output: { inlineDynamicImports: true } } },
  plugins: [viteSingleFile()],
  build: {
    outDir: resolve(__dirname, '../dist/single'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 100_000_000,
    chunkSizeWarningLimit: 4000,
  },
});
