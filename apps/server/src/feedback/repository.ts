import type { Database } from '../db/client';
import { feedback } from '../db/schema';

export function createFeedbackRepository(db: Database) {
  return {
    async create(values: { organisationId: string; userId: string; message: string; context: Record<string, unknown> }): Promise<void> {
      await db.insert(feedback).values(values);
    },
  };
}
