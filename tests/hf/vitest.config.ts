import { defineConfig } from 'vitest/config';

// The transformers reference checked against its own golden values (npm test runs it).
export default defineConfig({
  test: {
    include: ['tests/hf/**/*.test.ts'],
  },
});
