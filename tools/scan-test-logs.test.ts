import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanDirectory, secretsIn } from './scan-test-logs';

describe('the scan of the test logs for secrets', () => {
  it('finds each kind of secret the tests use, and passes redacted and ordinary lines', () => {
    const found = [
      '{"msg":"login","email":"x@voorbeeld.nl","pw":"wachtwoord-0a1b2c3d"}',
      '{"msg":"key vhs_abcdefghijklmnopqrstuvwxyz012345"}',
      '{"msg":"token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig"}',
      '{"msg":"header was Bearer abcdefgh12345678"}',
      '{"err":{"message":"login failed for dpd-wachtwoord"}}',
      '{"req":{"headers":{"authorization":"x"}}}',
      '{"password":"geheim123"}',
      '{"cookie":"_session=1"}',
    ].map(secretsIn);
    for (const hits of found) expect(hits.length).toBeGreaterThan(0);
    expect(secretsIn('{"req":{"headers":{"authorization":"[geheim]"}},"password":"[geheim]","reqId":"req-1","msg":"incoming request"}')).toEqual([]);
    expect(secretsIn('{"level":30,"reqId":"req-1","req":{"method":"POST","url":"/api/order/label/create"},"msg":"incoming request"}')).toEqual([]);
  });

  it('fails on a directory without logs and reports the file and line of a hit', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'scan-test-logs-'));
    try {
      expect(() => scanDirectory(dir)).toThrow(/no log files/);
      writeFileSync(path.join(dir, 't_1.log'), '{"msg":"ok"}\n{"msg":"ups-geheim"}\n');
      expect(scanDirectory(dir)).toMatchObject({ files: 1, lines: 2, hits: [expect.stringMatching(/^t_1\.log:2: a carrier's credential/)] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
