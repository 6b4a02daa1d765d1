// The worker thread of label-drawing.ts. Worker threads do not inherit tsx's loader
// from the main thread, so this plain ES module registers it before loading the
// TypeScript that draws the label.
import { register } from 'tsx/esm/api';

register();
const { drawTestLabel } = await import('./test-label.ts');

/** piscina's task: one Testvervoerder label, as the bytes of its PDF. */
export default function draw(input) {
  return drawTestLabel(input);
}
