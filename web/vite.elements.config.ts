import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// dist/elements/posenc-elements.js: one ES module that registers every <posenc-…> element, with
// Lit, KaTeX and the wasm inside, for `import 'posenc/elements'` and for a single <script> tag.
export default defineConfig({
  publicDir: false,
  // The Speed chapter's benchmark worker is inlined (works from file:// and in the one-file page).
  worker: { format: 'es', rollupOptions: { output: { inlineDynamicImports: true } } },
  build: {
    outDir: resolve(__dirname, '../dist/elements'),
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: resolve(__dirname, 'src/elements/posenc-elements.ts'), formats: ['es'], fileName: () => 'posenc-elements.js' },
    rollupOptions: { output: { inlineDynamicImports: true } },
  },
});
