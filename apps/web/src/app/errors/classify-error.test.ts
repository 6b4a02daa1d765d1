import { describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import type { ErrorBody } from '@verzendhuis/contract/common';
import { ChunkLoadError, isChunkLoadError, isIgnoredError } from './classify-error';

function apiError(status: number): ApiError {
  const body: ErrorBody = {
    status,
    message: 'Fout',
    message_code: 'default',
    type: 'programming',
    fields: {},
    errors: [],
  };
  return new ApiError(body);
}

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports, chunk errors and syntax errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('timeout'))).toBe(true);
    expect(isChunkLoadError(new SyntaxError("Unexpected token '<'"))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('isIgnoredError', () => {
  it('ignores 401 and 404 answers only', () => {
    expect(isIgnoredError(apiError(401))).toBe(true);
    expect(isIgnoredError(apiError(404))).toBe(true);
    expect(isIgnoredError(apiError(500))).toBe(false);
    expect(isIgnoredError(new Error('boom'))).toBe(false);
  });
});
