import { drawTestLabel, type TestLabelInput } from './test-label';

/**
 * piscina's task on a label-drawing thread: one Testvervoerder label, as the bytes of its
 * PDF. In development `test-label-worker.mjs` loads it through tsx; the release build
 * compiles it to `dist/test-label-worker.mjs` (scripts/build-server.ts).
 */
export default function draw(input: TestLabelInput): Promise<Buffer> {
  return drawTestLabel(input);
}
