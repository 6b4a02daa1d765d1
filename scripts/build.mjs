// @ts-check
/**
 * The release build (`npm run build`) and what `npm start` rebuilds (scripts/start.mjs).
 *
 * The server: esbuild bundles apps/server with the project's own packages
 * (@verzendhuis/domain, @verzendhuis/contract, whose exports point at .ts sources) into ES
 * modules in apps/server/dist, every npm package left external, so the release runs with
 * plain `node` on the installed production dependencies:
 *
 *   dist/main.mjs               the server (`npm run serve`)
 *   dist/admin.mjs              the operator commands (`npm run admin` without tsx)
 *   dist/test-label-worker.mjs  the label-drawing thread (found beside main.mjs, as in src)
 *   dist/migrations/            the SQL migrations (found beside main.mjs, as in src/db)
 *
 * What the server reads at run time is found from the compiled files as from the sources:
 * `new URL('./x', import.meta.url)` resolves beside the bundle, and apps/web/dist is
 * `../../web/dist` from both apps/server/src and apps/server/dist.
 *
 * The web app: Vite into apps/web/dist.
 *
 * Each part's output gets a stamp (`dist/.build-stamp`: a hash of every file it is made
 * from), so that `npm start` builds a part again only when one of them changed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
export const serverDist = path.join(server, 'dist');
const web = path.join(root, 'apps/web');

/**
 * Every bare import but the project's own packages stays an import of node_modules; JSON
 * files of packages (i18n-iso-countries' languages) are bundled, as Node's ESM would
 * want an import attribute for them.
 * @type {import('esbuild').Plugin}
 */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@verzendhuis/') || args.path.endsWith('.json') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  await stamped('server', bundleServer);
}

async function bundleServer() {
  const esbuild = await import('esbuild');
  await rm(serverDist, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      admin: 'apps/server/src/admin/cli.ts',
      'test-label-worker': 'apps/server/src/documents/test-label-task.ts',
    },
    outdir: serverDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // No shared chunks: `import.meta.url` of every module must be its entry's, beside
    // which the worker file and the migrations lie.
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
  });
  await esbuild.stop();
  await cp(path.join(server, 'src/db/migrations'), path.join(serverDist, 'migrations'), { recursive: true });
}

/**
 * The files each part is made from (tests left out): its sources, the packages it
 * bundles, the lock file; the build's own configuration.
 */
const inputs = {
  web: { dirs: ['apps/web', 'packages/domain', 'packages/contract'], files: ['package-lock.json', 'tsconfig.base.json'], stamp: path.join(web, 'dist/.build-stamp') },
  server: { dirs: ['apps/server/src', 'packages/domain', 'packages/contract'], files: ['package-lock.json', 'scripts/build.mjs'], stamp: path.join(serverDist, '.build-stamp') },
};
const skipped = new Set(['node_modules', 'dist', 'test-support']);

/** @param {string} dir @returns {Promise<string[]>} */
async function filesUnder(dir) {
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !skipped.has(entry.name)) files.push(...(await filesUnder(full)));
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** A hash of the path and bytes of every input of a part (~0.1 s). @param {keyof typeof inputs} part */
export async function sourcesHash(part) {
  const files = inputs[part].files.map((file) => path.join(root, file));
  for (const dir of inputs[part].dirs) files.push(...(await filesUnder(path.join(root, dir))));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(root, file)).update('\0').update(await readFile(file)).update('\0');
  return hash.digest('hex');
}

/** Whether the part's output was built from its inputs as they are now. @param {keyof typeof inputs} part */
export async function isUpToDate(part) {
  const stamp = await readFile(inputs[part].stamp, 'utf8').catch(() => null);
  return stamp !== null && stamp.trim() === (await sourcesHash(part));
}

/** @param {keyof typeof inputs} part @param {() => Promise<void>} build */
async function stamped(part, build) {
  const hash = await sourcesHash(part);
  await build();
  await writeFile(inputs[part].stamp, `${hash}\n`);
}

export async function buildWeb() {
  await stamped('web', async () => {
    const result = spawnSync('npm', ['run', 'build', '-w', '@verzendhuis/web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`the web build failed (${result.status ?? result.signal})`);
  });
}

/** @param {string} what @param {() => Promise<void>} step */
export async function timed(what, step) {
  const started = performance.now();
  await step();
  console.log(`${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.filename === process.argv[1]) {
  await timed('web app built into apps/web/dist', buildWeb);
  await timed('server built into apps/server/dist', buildServer);
}
