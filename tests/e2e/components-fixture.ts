/**
 * Builds tests/e2e/fixtures/components.html (and the math-free page beside it) with Vite from
 * the component sources, the same way the page is built: KaTeX and its fonts end up in their own
 * lazily loaded chunk and asset files, as in dist/page.
 */
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const FIXTURE_OUT = resolve(__dirname, '../../build/e2e-components');

export async function buildComponentsFixture(): Promise<string> {
  const root = join(__dirname, 'fixtures');
  await build({
    configFile: false,
    root,
    base: './',
    publicDir: false,
    logLevel: 'warn',
    mode: 'production',
    // Under vitest NODE_ENV is "test", which would pick Lit's development build.
    resolve: { conditions: ['module', 'browser', 'production'] },
    build: {
      outDir: FIXTURE_OUT,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 4000,
      rollupOptions: { input: { components: join(root, 'components.html'), nomath: join(root, 'components-nomath.html') } },
    },
  });
  return FIXTURE_OUT;
}
