import { defineConfig } from 'vitest/config';

// tests/hf only: `npx vitest run tests/hf/reference.test.ts --root .` (not part of npm test)
export default defineConfig({
  test: {
    include: ['tests/hf/**/*.test.ts'],
  },
});
