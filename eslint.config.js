// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The import boundaries of ARCHITECTURE.md, one direction only:
 * domain <- contract <- server, web (, print-client). Nothing imports e2e or bench.
 * Each entry: the files it applies to and the module patterns they may not import.
 */
export const boundaries = [
  {
    files: ['packages/domain/**'],
    forbidden: ['@verzendhuis/contract', '@verzendhuis/server', '@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/packages/contract/**', '**/apps/**', '**/e2e/**', '**/bench/**'],
    message: 'domain is pure business rules: it imports no other part of the project.',
  },
  {
    files: ['packages/contract/**'],
    forbidden: ['@verzendhuis/server', '@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/apps/**', '**/e2e/**', '**/bench/**'],
    message: 'contract may import only domain.',
  },
  {
    files: ['apps/server/**'],
    forbidden: ['@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/apps/web/**', '**/e2e/**', '**/bench/**'],
    message: 'server never imports web, e2e or bench.',
  },
  {
    files: ['apps/web/**'],
    forbidden: ['@verzendhuis/server', '@verzendhuis/e2e', '@verzendhuis/bench', '**/apps/server/**', '**/e2e/**', '**/bench/**'],
    message: 'web never imports server; it talks to it through the contract client.',
  },
];

/** Relative paths into another part (`../../server/src/x`) would dodge the package names. */
const crossPartRelative = ['**/apps/*/src/**', '**/packages/*/src/**', '**/server/src/**', '**/web/src/**', '**/contract/src/**', '**/domain/src/**'];

/** The `@verzendhuis/x` patterns also catch subpaths (`@verzendhuis/server/app`). */
function patterns(forbidden) {
  return forbidden.flatMap((p) => (p.startsWith('@') ? [p, `${p}/**`] : [p]));
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  ...boundaries.map(({ files, forbidden, message }) => ({
    files: files.map((f) => `${f}/*.{ts,tsx,js}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: patterns(forbidden), message },
            { group: crossPartRelative, message: 'import another part by its package name (@verzendhuis/...), never by a relative path.' },
          ],
        },
      ],
    },
  })),
);
