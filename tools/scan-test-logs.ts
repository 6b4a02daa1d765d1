/**
 * Looks for secrets in the logs of an API test run (docs/observability.md): with
 * TEST_LOG_DIR set, every test server of `npm test` logs at debug level to a file there;
 * this reads every line of every file and fails on any known secret of the tests (the
 * factories' passwords, API users' secrets, access tokens, the fake carriers'
 * credentials) and on any credential field that was not redacted. No log file at all
 * fails too: a scan of nothing proves nothing.
 *
 *     TEST_LOG_DIR=.tmp/test-logs npm test && npm run test:logs -- .tmp/test-logs
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The credentials of linkFakeCarrier, the platform contracts and the fakes' own tests (test-support/factories.ts). */
const carrierCredentials = ['postnl-sleutel', 'dhl-sleutel', 'dpd-wachtwoord', 'gls-sleutel', 'gls-wachtwoord', 'ups-geheim', 'platform-sleutel'];

const patterns: { what: string; pattern: RegExp }[] = [
  { what: 'a password of the factories', pattern: /wachtwoord-[0-9a-f]{8}/ },
  { what: "an API user's secret", pattern: /vhs_[A-Za-z0-9_-]{16,}/ },
  { what: 'an access token (JWT)', pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\./ },
  { what: 'a bearer or basic credential', pattern: /\b(?:Bearer|Basic) [A-Za-z0-9._~+/=-]{8,}/ },
  { what: "a carrier's credential", pattern: new RegExp(carrierCredentials.join('|')) },
  { what: 'a credential field that was not redacted', pattern: /"(?:password|password_repeat|authorization|cookie|set-cookie|api_key|apiKey|client_secret|secret|token|access_token|refresh_token)"\s*:\s*(?!"\[geheim\]")[^,}\s]/i },
];

/** What secrets one log line holds: a description of each found. */
export function secretsIn(line: string): string[] {
  return patterns.filter((p) => p.pattern.test(line)).map((p) => p.what);
}

/** Every hit in the .log files of a directory; throws when it holds no log file. */
export function scanDirectory(dir: string): { files: number; lines: number; hits: string[] } {
  const files = readdirSync(dir).filter((f) => f.endsWith('.log'));
  if (files.length === 0) throw new Error(`no log files in ${dir}: run the tests with TEST_LOG_DIR=${dir}`);
  const hits: string[] = [];
  let lines = 0;
  for (const file of files) {
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line === '') return;
        lines++;
        for (const what of secretsIn(line)) hits.push(`${file}:${index + 1}: ${what}: ${line.slice(0, 300)}`);
      });
  }
  return { files: files.length, lines, hits };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? process.env.TEST_LOG_DIR;
  if (!dir) {
    console.error('usage: npm run test:logs -- <dir of the test logs>');
    process.exit(2);
  }
  const { files, lines, hits } = scanDirectory(dir);
  if (hits.length > 0) {
    console.error(`${hits.length} secret(s) in the test logs:\n${hits.slice(0, 50).join('\n')}`);
    process.exit(1);
  }
  console.log(`no secrets in ${lines} log lines of ${files} test servers`);
}
