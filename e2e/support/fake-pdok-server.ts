// The fake Dutch address lookup for the browser tests: `.ci/run` starts it and
// points the app's PDOK_URL at it (port from the first argument, default 8099).
import { startFakePdok } from '@verzendhuis/test-fakes/fake-pdok';

const port = Number(process.argv[2] ?? 8099);
const fake = await startFakePdok(port);
console.log(`fake PDOK on ${fake.url}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
