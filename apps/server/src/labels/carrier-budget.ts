import type { CarrierLabelBudget } from '../carriers/types';

/**
 * The label calls of each carrier class within its budget (`CarrierAdapter.labelBudget`):
 * at most `concurrency` calls in flight, and calls started at least `60,000 / perMinute`
 * ms apart, so that no minute (no sliding window of 60 s) holds more than `perMinute`
 * starts. Waiting callers go first come, first served.
 *
 * One per process, made by the composition root (services.ts) and shared by every label
 * request and label job of the process: two jobs of one carrier share its budget. It is
 * not shared between processes: N processes on one database may together send N times a
 * budget (docs/labels.md "Carrier budget").
 */
export interface CarrierBudgets {
  /** Waits for a slot of the class's budget; call the returned function when the call is over. */
  acquire(carrierClass: string, budget: CarrierLabelBudget): Promise<() => void>;
  /** Calls in flight and callers waiting, per class (for tests and logs). */
  usage(carrierClass: string): { active: number; waiting: number };
}

interface Lane {
  active: number;
  waiting: (() => void)[];
  /** The earliest moment the next call may start (ms, the clock's). */
  nextStart: number;
}

export function createCarrierBudgets(clock: { now: () => number; sleep: (ms: number) => Promise<void> } = realClock): CarrierBudgets {
  const lanes = new Map<string, Lane>();
  const laneOf = (carrierClass: string): Lane => {
    let lane = lanes.get(carrierClass);
    if (!lane) lanes.set(carrierClass, (lane = { active: 0, waiting: [], nextStart: 0 }));
    return lane;
  };

  return {
    async acquire(carrierClass, budget) {
      const concurrency = Math.max(1, Math.floor(budget.concurrency));
      const lane = laneOf(carrierClass);
      if (lane.active >= concurrency || lane.waiting.length > 0) {
        // The slot is handed over by the release (active stays counted), so nobody overtakes.
        await new Promise<void>((resolve) => lane.waiting.push(resolve));
      } else {
        lane.active += 1;
      }
      if (budget.perMinute !== null && budget.perMinute > 0) {
        const start = Math.max(clock.now(), lane.nextStart);
        lane.nextStart = start + 60_000 / budget.perMinute;
        const wait = start - clock.now();
        if (wait > 0) await clock.sleep(wait);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = lane.waiting.shift();
        if (next) next();
        else lane.active -= 1;
      };
    },
    usage(carrierClass) {
      const lane = laneOf(carrierClass);
      return { active: lane.active, waiting: lane.waiting.length };
    },
  };
}

const realClock = {
  now: () => performance.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};
