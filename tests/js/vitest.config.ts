import { defineConfig } from 'vitest/config';

// The package as a consumer gets it: globalSetup packs it (npm pack), installs the tarball into an
// empty folder, and the tests import 'posenc' from there.
export default defineConfig({
  test: {
    root: __dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./install-package.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
