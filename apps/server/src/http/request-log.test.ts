import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, registerRequestContext, requestLoggerOptions } from './request-log';

/** A logger that writes its JSON lines into a list. */
function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, log: createLogger({ level: 'debug', destination }) };
}

describe('the JSON logs', () => {
  it('put the request id on every line of a request, also of services logging through the process logger, and redact credentials', async () => {
    const { lines, log } = capturedLogger();
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger, ...requestLoggerOptions });
    registerRequestContext(app);
    app.post('/api/things/:id', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      // A service logs with the process's logger, not the request's.
      log.warn({ settings: { api_key: 'carrier-key' }, password: 'pw', headers: { authorization: 'Bearer abc', cookie: 'c=1' }, nested: { token: 't' } }, 'from a service');
      return { ok: true };
    });
    const answer = await app.inject({ method: 'POST', url: '/api/things/42?code=secret-code', headers: { authorization: 'Bearer abc', cookie: 'c=1' }, payload: { password: 'body-pw' } });
    expect(answer.statusCode).toBe(200);
    log.info('outside any request');
    await app.close();

    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const ofRequest = parsed.filter((p) => p.msg !== 'outside any request');
    expect(ofRequest.map((p) => p.msg)).toEqual(['incoming request', 'from a service', 'request completed']);
    const ids = new Set(ofRequest.map((p) => p.reqId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    // One reqId key per line, never two.
    for (const line of lines) expect(line.match(/"reqId"/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(parsed.find((p) => p.msg === 'outside any request')).not.toHaveProperty('reqId');
    expect(ofRequest[0]?.req).toEqual({ method: 'POST', url: '/api/things/:id', remoteAddress: '127.0.0.1' });
    const text = lines.join('\n');
    for (const secret of ['carrier-key', '"pw"', 'Bearer abc', 'c=1', 'body-pw', 'secret-code', '"t"']) expect(text).not.toContain(secret);
    expect(ofRequest[1]).toMatchObject({ settings: '[geheim]', password: '[geheim]', headers: { authorization: '[geheim]', cookie: '[geheim]' }, nested: { token: '[geheim]' } });
  });

  it('censor a logged error and leave the error itself whole: its fields still answer the request afterwards', () => {
    const { lines, log } = capturedLogger();
    const error = Object.assign(new Error('Ongeldige invoer'), { fields: { secret: ['Dit veld bevat een teken dat niet kan.'] } });
    log.info({ err: error }, 'refused');
    expect(lines.join('\n')).not.toContain('Dit veld bevat');
    expect(error.fields).toEqual({ secret: ['Dit veld bevat een teken dat niet kan.'] });
  });
});
