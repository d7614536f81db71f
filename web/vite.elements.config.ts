import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// The package embeds each wasm build (the core's and the lab's) as base64 (no bundler or server
// set-up for its users). Base64 gzips a third worse than the bytes, and an embedding page pays for
// it: here the module that holds the base64 becomes a fetch of the .wasm file, emitted beside the
// chunks (the page's workers get their bytes from the page, so they fetch nothing themselves).
function wasmAsFile(): Plugin {
  const prefix = '\0posenc-wasm-file:';
  return {
    name: 'posenc-wasm-file',
    enforce: 'pre',
    resolveId(id) {
      const m = /posenc-(simd|scalar|analysis|lab-simd|lab-scalar)\.wasm\.js$/.exec(id);
      return m ? prefix + m[1] : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const file = resolve(__dirname, `src/lib/wasm/posenc-${id.slice(prefix.length)}.wasm`);
      return [
        `import url from ${JSON.stringify(`${file}?url&no-inline`)};`,
        'export default async function bytes() {',
        '  const response = await fetch(url);',
        '  if (!response.ok) throw new Error(`posenc: could not load ${url} (HTTP ${response.status})`);',
        '  return new Uint8Array(await response.arrayBuffer());',
        '}',
      ].join('\n');
    },
  };
}

// dist/elements/posenc-elements.js: one ES module that registers every <posenc-…> element, for
// `import 'posenc/elements'` and for a single <script> tag. What is loaded on demand stays in its
// own chunk beside it (chunks/): KaTeX with its CSS and fonts (only when a formula is shown), each
// wasm build (assets/, only the one the browser runs) and each chapter (only <posenc-chapter> loads one), so
// an element downloads what it shows.
export default defineConfig({
  // Relative: emitted files are found from import.meta.url, wherever the bundle is served.
  base: './',
  publicDir: false,
  plugins: [wasmAsFile()],
  // A worker (lab training, the Speed benchmark) is inlined into the chunk of the chapter that uses
  // it, as a classic script ('iife'; components/shared/worker.ts says why); the page sends it the bytes.
  worker: { format: 'iife', rollupOptions: { output: { inlineDynamicImports: true } } },
  // Library mode inlines every asset as base64: KaTeX's fonts stay files (assets/), so a
  // formula downloads only the faces it uses and a strict CSP's font-src 'self' allows them.
  resolve: { alias: [{ find: /^(katex\/dist\/fonts\/.+\.woff2)\?url$/, replacement: '$1?no-inline' }] },
  build: {
    outDir: resolve(__dirname, '../dist/elements'),
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: resolve(__dirname, 'src/elements/posenc-elements.ts'), formats: ['es'], fileName: () => 'posenc-elements.js' },
    rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' } },
  },
});
