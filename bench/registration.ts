import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startLogin } from '@verzendhuis/test-fakes/oidc-login';
import type { BenchContext } from './run';

/**
 * `npm run bench -- registration [N]`: the registration form posted N times for a new address
 * and N times for the demo user's (known) address, interleaved, timing only the post. The two
 * answers are the same page (docs/security.md "Account enumeration"); this prints whether
 * their time tells them apart: median, p90 and the process's CPU time per post. The
 * registration limit (20 per IP per hour) is reset between posts in this throw-away database.
 */
export async function registration({ baseUrl, runtime, args }: BenchContext): Promise<void> {
  const count = Number(args[0] ?? 40);
  const times = { new: [] as number[], known: [] as number[] };
  const cpu = { new: 0, known: 0 };
  const post = async (kind: 'new' | 'known') => {
    const email = kind === 'known' ? 'demo@voorbeeld.nl' : `bench-${randomBytes(6).toString('hex')}@voorbeeld.nl`;
    await runtime.database.pool.query('DELETE FROM rate_limits');
    const login = await startLogin({ baseUrl, screen: 'register' });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const answer = await login.register({ organisation_name: 'Bench BV', name: 'Bench', email, password: 'geheim-123', password_repeat: 'geheim-123' });
    times[kind].push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu[kind] += (used.user + used.system) / 1000;
    if (answer.status !== 200) throw new Error(`registration answered ${answer.status}`);
  };
  // Warm up (scrypt, the provider, the pool), then interleave so that machine load hits both alike.
  await post('new');
  await post('known');
  times.new.length = 0;
  times.known.length = 0;
  cpu.new = 0;
  cpu.known = 0;
  for (let i = 0; i < count; i++) {
    await post(i % 2 ? 'known' : 'new');
    await post(i % 2 ? 'new' : 'known');
  }
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  for (const kind of ['new', 'known'] as const) {
    console.log(
      `registration post, ${kind.padEnd(5)} address: median ${quantile(times[kind], 0.5).toFixed(1)} ms, p90 ${quantile(times[kind], 0.9).toFixed(1)} ms, CPU ${(cpu[kind] / count).toFixed(1)} ms per post (n=${count})`,
    );
  }
  console.log(`median difference (known - new): ${(quantile(times.known, 0.5) - quantile(times.new, 0.5)).toFixed(1)} ms`);
}
