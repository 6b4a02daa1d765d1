// @ts-check
/**
 * `npm run admin -- <command>`: the operator commands (apps/server/src/admin/cli.ts).
 * With the development dependencies installed (a clone after `npm install`) the sources
 * run through tsx, so a command is always today's code; in a release pruned of them
 * (`npm prune --omit=dev`) the compiled apps/server/dist/admin.mjs of `npm run build`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const compiled = path.join(root, 'apps/server/dist/admin.mjs');

/** @returns {Promise<((options?: object) => unknown) | null>} */
async function tsxRegister() {
  try {
    return (await import('tsx/esm/api')).register;
  } catch {
    return null;
  }
}

const register = await tsxRegister();
if (register) {
  register();
  await import(pathToFileURL(path.join(root, 'apps/server/src/admin/cli.ts')).href);
} else if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  console.error('Neither tsx nor a release build: run `npm install`, or `npm run build` for a release.');
  process.exit(1);
}
