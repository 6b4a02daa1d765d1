// Packs the print client into one file for people without the repository:
// `npm run print-client:pack` → apps/print-client/dist/verzendhuis-print-client.cjs,
// which runs with `node verzendhuis-print-client.cjs` (Node 20 or newer, nothing else).
import { build } from 'esbuild';

const outfile = process.argv[2] ?? new URL('./dist/verzendhuis-print-client.cjs', import.meta.url).pathname;
await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // Optional speed-ups of ws, loaded only when installed.
  external: ['bufferutil', 'utf-8-validate'],
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'inline',
  logLevel: 'info',
});
console.log(`packed: ${outfile}`);
