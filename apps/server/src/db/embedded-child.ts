// Test helper run as its own process: starts an embedded PostgreSQL and prints its
// URL, so that a test can kill this process the way a crash would.
import { startEmbeddedPostgres } from './embedded';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: embedded-child.ts <dataDir>');
const db = await startEmbeddedPostgres({ dataDir });
console.log(`URL ${db.url}`);
setInterval(() => undefined, 60_000);
