import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// dist/elements/posenc-elements.js: the ES module that registers every <posenc-…> element, for
// `import 'posenc/elements'` and for a single <script> tag. What an element does not always need
// (the SIMD or the scalar wasm build, a chapter, KaTeX) sits in chunks beside it, fetched relative
// to it only when used: a page with one table downloads one wasm build and no chapter.
export default defineConfig({
  publicDir: false,
  // A worker (the Speed chapter's benchmark) is inlined into the chunk of the chapter that uses it.
  worker: { format: 'es', rollupOptions: { output: { inlineDynamicImports: true } } },
  build: {
    outDir: resolve(__dirname, '../dist/elements'),
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: resolve(__dirname, 'src/elements/posenc-elements.ts'), formats: ['es'], fileName: () => 'posenc-elements.js' },
    rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'chunks/[name]-[hash][extname]' } },
  },
});
