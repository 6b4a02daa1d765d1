import { describe, expect, it } from 'vitest';
import { createCarrierBudgets } from './carrier-budget';

/** A clock that moves only when told: every sleep waits until `advance` passes its moment. */
function manualClock() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
    async advance(ms: number) {
      now += ms;
      for (const sleeper of sleepers.filter((s) => s.until <= now)) {
        sleepers.splice(sleepers.indexOf(sleeper), 1);
        sleeper.wake();
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('carrier budgets', () => {
  it('never has more calls of a class in flight than its concurrency, first come first served', async () => {
    const budgets = createCarrierBudgets(manualClock());
    const started: number[] = [];
    const releases: (() => void)[] = [];
    for (let i = 0; i < 5; i++) void budgets.acquire('postnl', { concurrency: 2, perMinute: null }).then((release) => (started.push(i), releases.push(release)));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(budgets.usage('postnl')).toEqual({ active: 2, waiting: 3 });
    releases[0]!();
    releases[0]!(); // a second release of the same slot changes nothing
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(budgets.usage('postnl')).toEqual({ active: 2, waiting: 2 });
    // Another class has its own budget.
    const other = await budgets.acquire('dhl', { concurrency: 1, perMinute: null });
    expect(budgets.usage('dhl')).toEqual({ active: 1, waiting: 0 });
    other();
    for (const release of releases.slice(1)) release();
    await settle();
    releases.slice(3).forEach((release) => release());
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts calls at least 60,000 / perMinute ms apart, so no minute holds more than perMinute', async () => {
    const clock = manualClock();
    const budgets = createCarrierBudgets(clock);
    const startedAt: number[] = [];
    // 30 a minute, one at a time: DPD's documented limit.
    const budget = { concurrency: 1, perMinute: 30 };
    const calls = Array.from({ length: 4 }, () =>
      budgets.acquire('dpd', budget).then((release) => {
        startedAt.push(clock.now());
        release();
      }),
    );
    await settle();
    for (let i = 0; i < 10; i++) await clock.advance(1_000);
    await Promise.all(calls);
    expect(startedAt).toEqual([0, 2_000, 4_000, 6_000]);
  });
});
