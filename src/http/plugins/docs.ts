import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

export const API_KEY_SCHEME = 'ApiKeyAuth';
export const SESSION_SCHEME = 'SessionCookie';
/** Every /v1 route: an API key, or the dashboard's session cookie (plus X-CSRF-Token on state-changing methods). */
export const V1_SECURITY: readonly Record<string, readonly string[]>[] = [{ [API_KEY_SCHEME]: [] }, { [SESSION_SCHEME]: [] }];

const DESCRIPTION = `Vigil scans source repositories and public API endpoints for security problems and explains and fixes what it finds.

Every \`/v1\` request needs an API key in the \`X-API-Key\` header, or the dashboard's \`vigil_session\` cookie (then state-changing
requests also carry \`X-CSRF-Token\`). Errors always have the body \`{"detail": "..."}\`.
Requests counted against an hourly quota carry \`RateLimit-Policy\`, \`RateLimit\` and \`X-RateLimit-*\` headers.`;

/**
 * OpenAPI 3.1 generated from the route schemas, served at /openapi.json, with
 * Swagger UI at /docs and ReDoc at /redoc. Every asset comes from this service.
 */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vigil API',
        version,
        description: DESCRIPTION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Vigil' },
      },
      servers: [{ url: '/', description: 'This Vigil service' }],
      tags: [
        { name: 'service', description: 'Liveness and version' },
        { name: 'account', description: 'The calling account, its plan, quotas and API key' },
        { name: 'scans', description: 'Stored scan results of the calling account' },
        { name: 'dashboard', description: 'Dashboard sign-in (email link, GitHub), sessions and the first key' },
      ],
      components: {
        securitySchemes: {
          [API_KEY_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Vigil API key (vgl_live_…)' },
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'vigil_session',
            description: 'Dashboard session from POST /auth/verify or the GitHub callback; state-changing requests also need X-CSRF-Token',
          },
        },
      },
    },
  });

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { validatorUrl: null, deepLinking: true },
    staticCSP: false,
  });

  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const redocBundle = Buffer.from(withoutRemoteLogo(readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8')));
  app.get('/redoc', { schema: { hide: true } }, (_request, reply) => reply.type('text/html; charset=utf-8').send(REDOC_PAGE));
  app.get('/redoc/redoc.standalone.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(redocBundle),
  );
  app.get('/redoc/init.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(REDOC_INIT),
  );
}

/**
 * ReDoc 2's sidebar credit ("API docs by Redocly") shows a logo from Redocly's
 * CDN whatever the options; the docs CSP blocks it, so every visit logged a
 * CSP violation. The served bundle points that image at an empty inline SVG
 * instead (the credit's text and link stay), so /redoc makes no external request.
 */
export const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/%3E";

export function withoutRemoteLogo(bundle: string): string {
  return bundle.split(REDOC_REMOTE_LOGO).join(BLANK_IMAGE);
}

const REDOC_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vigil API reference</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<div id="redoc-container"></div>
<script src="/redoc/redoc.standalone.js"></script>
<script src="/redoc/init.js"></script>
</body>
</html>
`;

const REDOC_INIT = `Redoc.init('/openapi.json', { hideDownloadButton: false, expandResponses: '200' }, document.getElementById('redoc-container'));\n`;
