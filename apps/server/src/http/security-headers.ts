import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The secure headers of every answer (docs/security.md): one Content-Security-Policy for the
 * web app, the login pages and the API docs (scripts only from files of this origin: no inline
 * script anywhere), no framing, nosniff, a referrer policy, HSTS when served over https; and
 * CORS closed unless CORS_ORIGINS names an origin.
 *
 * The headers are set on the raw response in onRequest, so that the answers of the OIDC
 * provider (which writes to the raw response itself) carry them too; a route that sets its
 * own (the downloads of uploaded files, `attachmentHeaders`) replaces them.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const policy = contentSecurityPolicy(config);
  const publicIsHttps = config.publicUrl.startsWith('https:');
  const corsOrigins = new Set(config.corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('content-security-policy', policy);
    raw.setHeader('x-frame-options', 'DENY');
    raw.setHeader('x-content-type-options', 'nosniff');
    raw.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    raw.setHeader('cross-origin-opener-policy', 'same-origin');
    // request.protocol reads X-Forwarded-Proto only when the proxy is trusted.
    if (publicIsHttps || request.protocol === 'https') raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');

    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin) && request.url.startsWith('/api/')) {
      raw.setHeader('access-control-allow-origin', origin);
      raw.setHeader('vary', 'Origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        raw.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
        raw.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key');
        raw.setHeader('access-control-max-age', '600');
        return reply.status(204).send();
      }
    }
  });
}

/** Intercom's widget (when INTERCOM_APP_ID is set): its script, API, websockets, files and frames. */
const intercom = {
  script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connect: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://*.intercomcdn.com', 'https://*.intercomcdn.eu', 'https://uploads.intercomusercontent.com'],
  img: ['https://*.intercomcdn.com', 'https://*.intercomassets.com', 'https://*.intercomusercontent.com', 'https://*.intercom.io'],
  font: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  media: ['https://js.intercomcdn.com', 'https://downloads.intercomcdn.com'],
  frame: ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
};

/** The origin of a Leaflet tile template such as `https://{s}.tile.example.org/{z}/{x}/{y}.png`; `{s}` becomes a wildcard. */
export function tileOrigin(template: string): string {
  const match = /^(https?:\/\/[^/]+)/.exec(template);
  return (match?.[1] ?? '').replace(/\{s\}/g, '*');
}

function originOf(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy(config: AppConfig): string {
  const withIntercom = config.intercomAppId !== null;
  const connect = ["'self'", originOf(config.printClientUrl)];
  if (config.oidc.mode === 'external') connect.push(originOf(config.oidc.issuer));
  // The login form posts to this origin and the provider redirects to the web app's origins.
  const formAction = ["'self'", originOf(config.publicUrl)];
  if (config.environment === 'development') formAction.push('http://localhost:5173');
  if (config.oidc.mode === 'external') formAction.push(originOf(config.oidc.issuer));
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(withIntercom ? intercom.script : [])],
    // Mantine (and Leaflet) write style elements and style attributes at run time; the login pages carry one style element.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', tileOrigin(config.map.tileUrl), ...(withIntercom ? intercom.img : [])],
    'font-src': ["'self'", 'data:', ...(withIntercom ? intercom.font : [])],
    'connect-src': [...connect, ...(withIntercom ? intercom.connect : [])],
    'media-src': ["'self'", ...(withIntercom ? intercom.media : [])],
    // PDFs shown from blob: URLs (the return portal's label).
    'frame-src': ["'self'", 'blob:', ...(withIntercom ? intercom.frame : [])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': formAction,
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/**
 * The headers of a download of bytes a user uploaded (ticket attachments, logos, GDPR
 * exports): never shown inline as a page. Only a checked image (its type read from its
 * bytes, never from the upload's name or header) may stay inline, and then only as an
 * image: the sandboxing policy runs no script even when opened directly.
 */
export function attachmentHeaders(reply: FastifyReply, file: { filename: string; contentType: string; inlineImage?: boolean }): FastifyReply {
  const inline = file.inlineImage === true && safeInlineImageTypes.has(file.contentType);
  const type = inline || safeDownloadTypes.has(file.contentType) ? file.contentType : 'application/octet-stream';
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'");
}

/** Raster images a browser shows without running anything (never SVG). */
export const safeInlineImageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Types that are no HTML or script in any browser; everything else is sent as octet-stream. */
const safeDownloadTypes = new Set([...safeInlineImageTypes, 'application/pdf', 'application/zip', 'text/csv', 'text/plain', 'application/json']);

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
