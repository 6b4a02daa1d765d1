// The worker thread of label-drawing.ts in development. Worker threads do not inherit
// tsx's loader from the main thread, so this plain ES module registers it before loading
// the TypeScript task. The release build puts a compiled file of the same name beside
// the compiled server (scripts/build-server.ts), which needs no tsx.
import { register } from 'tsx/esm/api';

register();
const { default: draw } = await import('./test-label-task.ts');

export default draw;
