import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.tools.test.ts', '**/node_modules/**'],
        },
      },
      {
        // React component tests of the web app (Testing Library in jsdom): `*.test.tsx`.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          exclude: ['**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-support/setup.ts'],
        },
      },
      {
        // Tests that need Debian tools (poppler-utils, zbar-tools, dmtx-utils): render
        // documents and read their barcodes and text back. `npm run test:tools`; CI runs them.
        test: {
          name: 'tools',
          include: ['apps/*/src/**/*.tools.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/**/*.int.test.ts', 'apps/print-client/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
