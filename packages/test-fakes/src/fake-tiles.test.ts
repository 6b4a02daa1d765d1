import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTiles, type FakeTiles } from './fake-tiles';

let tiles: FakeTiles;
beforeAll(async () => {
  tiles = await startFakeTiles();
});
afterAll(() => tiles.close());

describe('startFakeTiles', () => {
  it('serves one PNG for any z/x/y and counts the requests', async () => {
    const answer = await fetch(tiles.template.replace('{z}', '15').replace('{x}', '16834').replace('{y}', '10823'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(256);
    expect(tiles.requests).toEqual(['/15/16834/10823.png']);
  });

  it('answers 404 for anything else, and does not count it', async () => {
    expect((await fetch(`${tiles.url}/favicon.ico`)).status).toBe(404);
    expect(tiles.requests).toHaveLength(1);
  });
});
