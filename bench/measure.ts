/** Runs `fn` `count` times after a warm-up and prints median, p95 and throughput. */
export async function measure(label: string, count: number, fn: () => Promise<void>, options: { quiet?: boolean } = {}): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < Math.min(50, count); i++) await fn();
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const result = { median: at(0.5), p95: at(0.95) };
  if (!options.quiet) console.log(
    `${label.padEnd(40)} n=${count}  median ${result.median.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  ${(count / (total / 1000)).toFixed(0)} req/s`,
  );
  return result;
}
