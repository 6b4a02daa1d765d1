import { describe, expect, it } from 'vitest';
import { runBounded } from './run-bounded';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('runBounded', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      await tick();
      done.push(n);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('starts nothing new after a failure, lets the running ones finish, then throws', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = runBounded([1, 2, 3, 4, 5, 6], 2, async (n) => {
      started.push(n);
      await tick();
      if (n === 1) throw new Error('stuk');
      await tick();
      finished.push(n);
    });
    await expect(run).rejects.toThrow('stuk');
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([2]);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await runBounded([], 4, async () => void (calls += 1));
    expect(calls).toBe(0);
  });
});
