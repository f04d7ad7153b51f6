import { judgeBody } from '../body.js';
import { defineCheck, OWASP, type Outcome } from '../check.js';
import { headerLines } from '../headers.js';
import type { Endpoint, ObservedResponse, Retrieved } from '../types.js';

type Key = 'secured-endpoint-open' | 'secured-object-open' | 'looks-protected';

/** Path segments of endpoints that normally serve one user's or the operator's data. */
const PRIVATE_SEGMENTS = new Set([
  'admin', 'administrator', 'internal', 'private', 'me', 'self', 'account', 'accounts', 'user', 'users', 'profile', 'profiles',
  'customer', 'customers', 'member', 'members', 'employee', 'employees', 'patient', 'patients', 'client', 'clients', 'contact',
  'contacts', 'order', 'orders', 'invoice', 'invoices', 'payment', 'payments', 'billing', 'transaction', 'transactions', 'wallet',
  'wallets', 'card', 'cards', 'token', 'tokens', 'apikey', 'apikeys', 'key', 'keys', 'secret', 'secrets', 'credential', 'credentials',
  'session', 'sessions', 'settings', 'config', 'export', 'exports', 'backup', 'backups', 'audit', 'auditlog', 'auditlogs', 'messages', 'inbox',
]);

/** Last segments of health, status and documentation endpoints: public on purpose, even under a document-wide `security`. */
const PUBLIC_LAST_SEGMENTS = new Set([
  'health', 'healthz', 'healthcheck', 'livez', 'readyz', 'ready', 'readiness', 'live', 'liveness', 'ping', 'status', 'version',
  'heartbeat', 'openapi', 'openapijson', 'openapiyaml', 'openapiyml', 'swagger', 'swaggerjson', 'swaggeryaml', 'swaggerui', 'apidocs',
  'docs', 'redoc', 'robotstxt', 'faviconico',
]);

const normal = (segment: string) => segment.toLowerCase().replace(/[^a-z0-9]/g, '');

function segments(url: string): string[] {
  return new URL(url).pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

function isPublicByPurpose(url: string): boolean {
  const parts = segments(url);
  if (parts.some((p) => p === '.well-known')) return true;
  const last = parts.at(-1);
  return last !== undefined && PUBLIC_LAST_SEGMENTS.has(normal(last));
}

function privateSegment(url: string): string | undefined {
  return segments(url).find((s) => PRIVATE_SEGMENTS.has(normal(s)));
}

const UNDECLARED: Endpoint = { source: 'paths', security: 'undeclared' };

interface Candidate {
  readonly response: ObservedResponse;
  readonly endpoint: Endpoint;
}

/** The main GET when it answered where it was sent (a redirect to a login page is not data), then every path. */
function candidates(r: Retrieved): Candidate[] {
  const list: Candidate[] = [];
  const paths = r.paths ?? [];
  const main = r.main;
  if (new URL(main.finalUrl).pathname === new URL(main.url).pathname && !paths.some((p) => p.url === main.finalUrl)) list.push({ response: main, endpoint: UNDECLARED });
  for (const p of paths) list.push({ response: p, endpoint: p.endpoint });
  return list;
}

function declaredLine(endpoint: Endpoint): string | undefined {
  if (endpoint.source !== 'openapi') return undefined;
  const operation = endpoint.operationId === undefined ? '' : ` (operationId ${endpoint.operationId})`;
  const schemes = endpoint.schemes?.length ? `: ${endpoint.schemes.join(' or ')}` : '';
  return `OpenAPI: GET ${endpoint.template ?? ''}${operation} declares security ${endpoint.security}${schemes}`;
}

/**
 * A GET sent without credentials (the client never sends Cookie or Authorization) that got 2xx
 * and a JSON body with data, on an endpoint whose OpenAPI operation requires security, or whose
 * path and fields look private. Not reported: `security: []` or an optional `{}` requirement,
 * health/status/docs endpoints, non-2xx answers (401, 403, a redirect to a login page), empty
 * bodies, empty lists, error or refusal bodies answered with 200, HTML pages, non-JSON bodies.
 */
function detect(r: Retrieved): Outcome<Key>[] {
  const out: Outcome<Key>[] = [];
  for (const { response, endpoint } of candidates(r)) {
    if (response.status < 200 || response.status >= 300) continue;
    if (endpoint.security === 'public' || endpoint.security === 'optional') continue;
    if (isPublicByPurpose(response.url)) continue;
    // A path answered with the base URL's own body is a catch-all (an index or an app shell), not the endpoint's data.
    if (response !== r.main && response.body !== undefined && response.body.text === r.main.body?.text) continue;
    const body = judgeBody(response);
    if (!body.hasData) continue;
    const url = new URL(response.url);
    const path = `${url.pathname}${url.search}`;
    let key: Key;
    let reason = '';
    if (endpoint.security === 'required') {
      key = endpoint.objectLevel === true ? 'secured-object-open' : 'secured-endpoint-open';
    } else {
      const segment = privateSegment(response.url);
      if (segment === undefined || body.sensitiveFields.length === 0) continue;
      key = 'looks-protected';
      reason = segment;
    }
    const fields = body.sensitiveFields.length > 0 ? body.sensitiveFields.join(', ') : 'none recognised';
    const evidence = [
      `GET ${response.url} (no Cookie, no Authorization) → ${response.status}`,
      ...headerLines(response.headers, 'content-type'),
      `Body: ${body.shape}${body.sensitiveFields.length > 0 ? `; personal or secret fields: ${fields}` : ''} (values not shown)`,
    ];
    const declared = declaredLine(endpoint);
    if (declared !== undefined) evidence.push(declared);
    out.push({
      key,
      subject: path,
      facts: {
        path,
        status: String(response.status),
        template: endpoint.template ?? url.pathname,
        schemes: endpoint.schemes?.join(' or ') || 'credentials',
        shape: body.shape,
        fields,
        segment: reason,
      },
      evidence,
      url: response.url,
      method: 'GET',
    });
  }
  return out;
}

const BEARER = { source: 'openapi', security: 'required', schemes: ['bearerAuth'] } as const;

export const check = defineCheck<Key>({
  id: 'unauthenticated-data',
  title: 'Data served without credentials',
  category: 'headers',
  cwe: 'CWE-306',
  // owasp_categories keep the interface's A<nn>:<year> form; the OWASP API Security Top 10 category is named in the prose.
  owasp: OWASP.authentication,
  remediation:
    'Enforce authentication on the server for every operation that declares it (a middleware that rejects requests without valid credentials with 401, before any handler runs), and check object ownership on object-level endpoints; if the endpoint is meant to be public, declare `security: []` on the operation.',
  references: [
    'https://owasp.org/API-Security/editions/2023/en/0xa2-broken-authentication/',
    'https://owasp.org/API-Security/editions/2023/en/0xa1-broken-object-level-authorization/',
    'https://spec.openapis.org/oas/v3.1.0#security-requirement-object',
    'https://cwe.mitre.org/data/definitions/306.html',
  ],
  outcomes: {
    'secured-endpoint-open': {
      severity: 'HIGH',
      rationale: 'The API\'s own document says credentials are required and the server hands the data to anyone: no precondition beyond knowing the URL.',
      title: 'GET {path} answers {status} with data without credentials although it declares security',
      description:
        'The OpenAPI document declares that GET {template} requires {schemes}, but a request without any credentials got {status} with {shape}. Authentication is documented, not enforced: anyone who knows the URL can read what it serves (OWASP API2:2023 Broken Authentication).',
      confidence: 0.8,
    },
    'secured-object-open': {
      severity: 'HIGH',
      rationale: 'An object-level endpoint declared secured serves an object to anyone; every other identifier is one request away.',
      title: 'GET {path} serves an object without credentials although it declares security',
      description:
        'The OpenAPI document declares that GET {template} requires {schemes}, but a request without any credentials, with the document\'s example identifier, got {status} with {shape}. Anyone can read objects by their identifier (OWASP API1:2023 Broken Object Level Authorization, API2:2023 Broken Authentication).',
      confidence: 0.8,
      owasp: [...OWASP.accessControl, ...OWASP.authentication],
    },
    'looks-protected': {
      severity: 'MEDIUM',
      rationale: 'No document says the endpoint is private; its path ({segment}) and personal or secret fields make it likely. One condition: that the data is not meant to be public.',
      title: 'GET {path} answers {status} with personal or secret fields without credentials',
      description:
        'A request without any credentials got {status} with {shape}, including the fields {fields}, from a path that reads as private (/{segment}/). If this data is not meant to be public, the endpoint does not enforce authentication (OWASP API2:2023).',
      confidence: 0.6,
      cwe: 'CWE-200',
      owasp: OWASP.accessControl,
    },
  },
  run: detect,
  docs: {
    summary: 'Every request of a scan is sent without credentials: the client never sends Cookie or Authorization. An endpoint that then answers 2xx with data either does not enforce the authentication its OpenAPI document declares (`security` on the operation, or document-wide), or, for a path that reads as private (/users, /admin, /orders …) and a JSON answer with personal or secret fields (email, phone, token …), may not enforce any. Looked at: the GET operations of `openapi_url`, the `paths` listed, and the base URL. Not reported: operations declared public (`security: []`) or with optional authentication (a `{}` requirement), health, status and docs endpoints, 401/403 answers, redirects (to a login page or elsewhere), empty bodies and empty lists, error or refusal bodies answered with 200, HTML pages and non-JSON bodies, and a path that answers the same body as the base URL (a catch-all). In the OWASP API Security Top 10 2023 this is API2:2023 Broken Authentication, and API1:2023 Broken Object Level Authorization for object-level endpoints (/users/{id}); the descriptions name them, and `owasp_categories` carry the matching Top 10 categories (A07 Identification and Authentication Failures, A01 Broken Access Control).',
    bad: [
      {
        note: 'A collection whose operation declares bearer authentication, served to anyone.',
        expect: ['secured-endpoint-open'],
        paths: [{ path: '/v1/orders', headers: { 'content-type': 'application/json' }, body: '[{"id":7,"total":"19.90"}]', endpoint: { ...BEARER, template: '/v1/orders' } }],
      },
      {
        note: 'An object-level endpoint declared secured, probed with the document\'s example id.',
        expect: ['secured-object-open'],
        paths: [
          {
            path: '/v1/users/42',
            headers: { 'content-type': 'application/json' },
            body: '{"id":42,"name":"Ada","email":"ada@example.com"}',
            endpoint: { ...BEARER, template: '/v1/users/{id}', objectLevel: true },
          },
        ],
      },
      {
        note: 'A listed path, no document: a private-looking path answers personal fields.',
        expect: ['looks-protected'],
        paths: [{ path: '/v1/admin/users', headers: { 'content-type': 'application/json' }, body: '[{"id":1,"email":"ops@example.com","phone":"+1 555 0100"}]' }],
      },
    ],
    good: [
      {
        note: 'The secured endpoint refuses the request.',
        paths: [{ path: '/v1/orders', status: 401, headers: { 'www-authenticate': 'Bearer' }, body: '{"error":"unauthorized"}', endpoint: { ...BEARER, template: '/v1/orders' } }],
      },
      {
        note: 'A redirect to the login page.',
        paths: [{ path: '/v1/orders', status: 302, headers: { location: '/login' }, endpoint: { ...BEARER, template: '/v1/orders' } }],
      },
      {
        note: 'An HTML login page answered with 200.',
        paths: [{ path: '/v1/orders', headers: { 'content-type': 'text/html' }, body: '<form action="/login">', endpoint: { ...BEARER, template: '/v1/orders' } }],
      },
      {
        note: 'An empty list, and a refusal answered with 200.',
        paths: [
          { path: '/v1/orders', headers: { 'content-type': 'application/json' }, body: '{"items":[],"total":0}', endpoint: { ...BEARER, template: '/v1/orders' } },
          { path: '/v1/invoices', headers: { 'content-type': 'application/json' }, body: '{"success":false,"message":"Please log in"}', endpoint: { ...BEARER, template: '/v1/invoices' } },
        ],
      },
      {
        note: 'Declared public with security: [], and a health endpoint under document-wide security.',
        paths: [
          { path: '/v1/products', headers: { 'content-type': 'application/json' }, body: '[{"id":1,"name":"Widget"}]', endpoint: { source: 'openapi', security: 'public', template: '/v1/products' } },
          { path: '/v1/health', headers: { 'content-type': 'application/json' }, body: '{"status":"ok","database":"up"}', endpoint: { ...BEARER, template: '/v1/health' } },
        ],
      },
      {
        note: 'A catch-all: the secured path answers exactly what the base URL answers (an index document).',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Shop API","links":{"docs":"/docs"}}',
        paths: [{ path: '/v1/orders', headers: { 'content-type': 'application/json' }, body: '{"name":"Shop API","links":{"docs":"/docs"}}', endpoint: { ...BEARER, template: '/v1/orders' } }],
      },
      {
        note: 'A public catalogue listed without a document: neither its path nor its fields look private.',
        paths: [{ path: '/v1/products', headers: { 'content-type': 'application/json' }, body: '[{"id":1,"name":"Widget","price":3}]' }],
      },
    ],
  },
});
