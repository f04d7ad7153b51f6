import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../core/errors.js';
import { toWebFile, type WebBundle, type WebFile } from '../dashboard/bundle.js';
import { faviconIco } from '../dashboard/favicon.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A dashboard route: its pages and assets get the dashboard CSP and their own cache headers. */
    dashboard?: boolean;
  }
}

/** The single-page app's paths (web/src/lib/routes.ts); each answers index.html. */
export const DASHBOARD_PAGES = ['/', '/signin', '/welcome', '/scans', '/scans/:scan_id', '/settings'] as const;

/** Paths that belong to the API and are never the dashboard. */
const RESERVED = ['/v1', '/auth', '/health', '/docs', '/redoc', '/openapi.json'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Top-level files (favicon …) keep their name across builds: cached briefly, revalidated by ETag. */
const SHORT = 'public, max-age=3600, must-revalidate';
const FAVICON_ICO = '/favicon.ico';

export const NOT_BUILT_DETAIL = 'The dashboard is not built; run npm run build';

function isReserved(path: string): boolean {
  return RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`));
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/** Sends one file with its validators; 304 when the client already has it. */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: WebFile, cacheControl: string): FastifyReply {
  const gzip = file.gzip !== undefined && acceptsGzip(request);
  const etag = gzip ? `${file.etag.slice(0, -1)}-gz"` : file.etag;
  void reply.header('cache-control', cacheControl).header('etag', etag);
  if (file.gzip !== undefined) void reply.header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  void reply.type(file.contentType);
  if (gzip && file.gzip !== undefined) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/** Answered directly, not thrown: a missing build is the operator's state, not a failed request to log. */
function notBuilt(reply: FastifyReply): FastifyReply {
  return reply.code(503).send({ detail: NOT_BUILT_DETAIL });
}

/**
 * Serves the built dashboard from memory: index.html (no-store) for every page
 * path, /assets/* with a year-long immutable cache (Vite names carry a content
 * hash), other top-level build files by name. Without a build every dashboard
 * path answers 503. Headers common to all responses are security-headers.ts's.
 */
export function registerDashboard(app: FastifyInstance, bundle: WebBundle | undefined): void {
  const config = { dashboard: true };
  const schema = { hide: true };
  for (const page of DASHBOARD_PAGES) {
    app.get(page, { config, schema }, (request, reply) => {
      if (bundle === undefined) return notBuilt(reply);
      return sendFile(request, reply, bundle.index, 'no-store');
    });
  }
  app.get('/assets/*', { config, schema }, (request, reply) => {
    if (bundle === undefined) return notBuilt(reply);
    const path = request.url.split('?')[0] ?? '';
    const file = bundle.files.get(path);
    if (file === undefined) throw notFound(`No dashboard asset at ${path.length > 200 ? `${path.slice(0, 200)}…` : path}`);
    return sendFile(request, reply, file, IMMUTABLE);
  });
  for (const [path, file] of bundle?.files ?? []) {
    if (path.startsWith('/assets/') || path.slice(1).includes('/') || isReserved(path)) continue;
    app.get(path, { config, schema }, (request, reply) => sendFile(request, reply, file, SHORT));
  }
  // Clients ask for /favicon.ico whether or not a page links it; it is drawn in code, so it is there even without a build.
  if (bundle?.files.has(FAVICON_ICO) !== true) {
    const icon = toWebFile(FAVICON_ICO, faviconIco());
    app.get(FAVICON_ICO, { config, schema }, (request, reply) => sendFile(request, reply, icon, SHORT));
  }
}
