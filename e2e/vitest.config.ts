import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time against the app started as the README starts it
// (E2E_BASE_URL, default http://localhost:8080).
export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
