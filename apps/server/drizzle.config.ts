import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves these paths from the current folder: run it from apps/server
// (npm run db:generate does).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
