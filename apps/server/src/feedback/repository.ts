import type { Database } from '../db/client';
import { feedback } from '../db/schema';

export function createFeedbackRepository(db: Database) {
  return {
    /** The feedback of one organisation: every query below is scoped to it. */
    for(organisationId: string) {
      return {
        async create(values: { userId: string; message: string; context: Record<string, unknown> }): Promise<void> {
          await db.insert(feedback).values({ ...values, organisationId });
        },
      };
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
