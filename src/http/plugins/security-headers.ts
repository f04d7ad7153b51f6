import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** CSP for JSON responses: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every response carries, routed or not (src/http/connections.ts writes them on raw answers). */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
});

/**
 * CSP for the documentation pages (/docs, /redoc). Every asset is served by
 * Vigil itself, so 'self' suffices; ReDoc and Swagger UI set inline styles, and
 * ReDoc's search runs in a blob: worker.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * CSP for the dashboard's pages and assets (docs/dashboard-ui.md): everything
 * from this origin, no inline script or style.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const DOCS_PREFIXES = ['/docs', '/redoc'];

function isDocsPath(path: string): boolean {
  return DOCS_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** A dashboard route's own answer (page or asset); its JSON errors keep the API's headers. */
function isDashboardFile(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.routeOptions.config?.dashboard !== true) return false;
  const type = reply.getHeader('content-type');
  return !(typeof type === 'string' && type.startsWith('application/json'));
}

/**
 * Hardened defaults for every response; no CORS headers are ever sent.
 * Dashboard files set their own Cache-Control (src/http/plugins/dashboard.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '/';
    void reply.header('x-request-id', request.id);
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) void reply.header(name, value);
    const docs = isDocsPath(path);
    const dashboard = !docs && isDashboardFile(request, reply);
    void reply.header('content-security-policy', docs ? DOCS_CSP : dashboard ? DASHBOARD_CSP : API_CSP);
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    }
    if (!docs && !dashboard) void reply.header('cache-control', 'no-store');
    reply.removeHeader('x-powered-by');
    return payload;
  });
}
