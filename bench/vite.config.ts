import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(__dirname),
  base: './',
  publicDir: false,
  build: { outDir: resolve(__dirname, '../dist/bench'), emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4000 },
  logLevel: 'warn',
});
