// The fake map tile server for the browser tests: `.ci/run` starts it and points the
// app's MAP_TILE_URL at it (port from the first argument, default 8100), so no browser
// test asks the internet for tiles.
import { startFakeTiles } from '@verzendhuis/test-fakes/fake-tiles';

const port = Number(process.argv[2] ?? 8100);
const fake = await startFakeTiles(port);
console.log(`fake map tiles on ${fake.template}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
