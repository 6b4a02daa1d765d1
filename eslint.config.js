// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The import boundaries of ARCHITECTURE.md, one direction only:
 * domain <- contract <- server, web (, print-client). Nothing imports e2e or bench.
 * The fakes of the outside world (@verzendhuis/test-fakes) import no part of the project;
 * tests, e2e and bench may import them, the code they test may not.
 * Each entry: the files it applies to, the module patterns they may not import, and
 * `fakes`: whether the fakes are open to all its files or to its tests only.
 */
export const boundaries = [
  {
    files: ['packages/domain/**'],
    forbidden: ['@verzendhuis/contract', '@verzendhuis/server', '@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/packages/contract/**', '**/apps/**', '**/e2e/**', '**/bench/**'],
    message: 'domain is pure business rules: it imports no other part of the project.',
    fakes: 'tests',
  },
  {
    files: ['packages/contract/**'],
    forbidden: ['@verzendhuis/server', '@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/apps/**', '**/e2e/**', '**/bench/**'],
    message: 'contract may import only domain.',
    fakes: 'tests',
  },
  {
    files: ['packages/test-fakes/**'],
    forbidden: ['@verzendhuis/domain', '@verzendhuis/contract', '@verzendhuis/server', '@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/packages/domain/**', '**/packages/contract/**', '**/apps/**', '**/e2e/**', '**/bench/**'],
    message: 'test-fakes stand in for the outside world (carriers, PDOK, a browser logging in): they import no part of the project.',
    fakes: 'all',
  },
  {
    files: ['apps/server/**'],
    forbidden: ['@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/apps/web/**', '**/e2e/**', '**/bench/**'],
    message: 'server never imports web, e2e or bench.',
    fakes: 'tests',
  },
  {
    files: ['apps/web/**'],
    forbidden: ['@verzendhuis/server', '@verzendhuis/e2e', '@verzendhuis/bench', '**/apps/server/**', '**/e2e/**', '**/bench/**'],
    message: 'web never imports server; it talks to it through the contract client.',
    fakes: 'tests',
  },
  {
    files: ['apps/print-client/**'],
    forbidden: ['@verzendhuis/server', '@verzendhuis/web', '@verzendhuis/e2e', '@verzendhuis/bench', '**/apps/server/**', '**/apps/web/**', '**/e2e/**', '**/bench/**'],
    message: 'the print client runs on a shop computer without the server: it imports domain (and contract) only.',
    fakes: 'tests',
  },
  {
    files: ['e2e/**'],
    forbidden: ['@verzendhuis/server', '@verzendhuis/web', '@verzendhuis/bench', '**/apps/**', '**/bench/**'],
    message: 'e2e drives the app from outside, as a person does: it imports no server or web code (fakes come from @verzendhuis/test-fakes).',
    fakes: 'all',
  },
  {
    files: ['bench/**'],
    forbidden: ['@verzendhuis/web', '@verzendhuis/e2e', '**/apps/web/**', '**/e2e/**'],
    message: 'bench may use the server and the test fakes, never web or e2e.',
    fakes: 'all',
  },
];

/** The fakes of the outside world, for tests only where an entry says `fakes: 'tests'`. */
const testFakes = { group: ['@verzendhuis/test-fakes', '@verzendhuis/test-fakes/**', '**/test-fakes/**'], message: 'the fakes of @verzendhuis/test-fakes are for tests only (*.test.ts, test-support/), never for the code they test.' };

/** The test files of a part: they may import the fakes. */
const testFiles = (part) => [`${part}/*.test.{ts,tsx}`, `${part}/test-support/**/*.{ts,tsx,js}`];

/** Relative paths into another part (`../../server/src/x`) would dodge the package names. */
const crossPartRelative = ['**/apps/*/src/**', '**/packages/*/src/**', '**/server/src/**', '**/web/src/**', '**/contract/src/**', '**/domain/src/**', '**/test-fakes/src/**'];

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
  ...boundaries.flatMap(({ files, forbidden, message, fakes }) => {
    const rule = (groups) => ({
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: patterns(forbidden), message },
            ...groups,
            { group: crossPartRelative, message: 'import another part by its package name (@verzendhuis/...), never by a relative path.' },
          ],
        },
      ],
    });
    const all = { files: files.map((f) => `${f}/*.{ts,tsx,js}`), rules: rule(fakes === 'all' ? [] : [testFakes]) };
    // A later entry for the same files replaces the rule: the part's tests without the fakes' group.
    return fakes === 'all' ? [all] : [all, { files: files.flatMap(testFiles), rules: rule([]) }];
  }),
);
