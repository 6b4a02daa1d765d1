import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** The id of the request whose work runs now, for log lines written outside the request's own logger. */
const currentRequest = new AsyncLocalStorage<string>();
/** Marks Fastify's per-request child loggers (and their children), which carry the id already. */
const requestLogger = Symbol('requestLogger');

/**
 * Never logged (docs/observability.md): credentials in headers and in logged objects, and
 * bodies. A field with one of these names is replaced by "[geheim]" at any of the first two
 * levels of a log line's object.
 */
const secretKeys = ['authorization', 'cookie', 'set-cookie', 'password', 'secret', 'token', 'apiKey', 'api_key', 'client_secret', 'credentials', 'settings', 'fields', 'body'];
const step = (key: string) => (key.includes('-') ? `["${key}"]` : `.${key}`);
export const redactPaths = secretKeys.flatMap((k) => [k.includes('-') ? `["${k}"]` : k, `*${step(k)}`, `*.*${step(k)}`]);

/**
 * Plain objects and arrays copied down to the depth redaction reaches: redaction censors the
 * logged object in place and puts back only what the line's own object held, so a nested
 * object shared with the program (an error's `fields`) would keep "[geheim]" after the line.
 */
function copyForLog(value: unknown, depth = 3): unknown {
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => copyForLog(v, depth - 1));
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyForLog(v, depth - 1)]));
}

/** An error as pino's serializer writes it, its nested objects copied (copyForLog). */
function errorSummary(error: Error): unknown {
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(serialized).map(([k, v]) => [k, copyForLog(v)]));
}

/** What a request's log lines say of it: its route's pattern (never a path's secrets or a query), not its headers. */
function requestSummary(request: FastifyRequest) {
  const route = request.routeOptions?.url;
  return { method: request.method, url: route ?? request.url.split('?')[0], remoteAddress: request.ip };
}

/**
 * The process's logger (LOG_LEVEL): JSON lines, pretty only on a terminal outside tests;
 * every line written while a request runs carries its `reqId`, also the lines of services
 * that log through this logger and not the request's.
 */
export function createLogger(options: { level: string; destination?: DestinationStream; pretty?: boolean }): pino.Logger {
  const pretty = options.pretty ?? (options.level !== 'silent' && !options.destination && process.stdout.isTTY);
  return pino(
    {
      level: options.level,
      redact: { paths: redactPaths, censor: '[geheim]' },
      serializers: { req: requestSummary, err: errorSummary },
      mixin(_object, _level, logger) {
        if ((logger as unknown as Record<symbol, boolean>)[requestLogger]) return {};
        const reqId = currentRequest.getStore();
        return reqId ? { reqId } : {};
      },
      ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
    },
    options.destination,
  );
}

/** Fastify's options that go with createLogger: its request loggers marked as such. */
export const requestLoggerOptions = {
  childLoggerFactory(logger: FastifyBaseLogger, bindings: pino.Bindings, options: pino.ChildLoggerOptions): FastifyBaseLogger {
    const child = logger.child(bindings, options);
    (child as unknown as Record<symbol, boolean>)[requestLogger] = true;
    return child;
  },
};

/** Runs the rest of every request (hooks, handler, services) with its id as the current request. */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => currentRequest.run(request.id, done));
}
