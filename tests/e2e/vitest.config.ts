import { defineConfig } from 'vitest/config';

// The built page and elements in real Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core), served from dist/ on 127.0.0.1 by server.ts.
export default defineConfig({
  test: {
    root: __dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./serve-dist.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
