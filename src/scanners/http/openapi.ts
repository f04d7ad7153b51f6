/**
 * The `openapi_url` option: reads an OpenAPI 3.x or Swagger 2.0 document (JSON or YAML) and
 * derives the GET paths a scan probes, with what each operation declares about security.
 * Pure: adapters/http-target/retrieve.ts fetched the text through the SSRF-safe client.
 *
 *  - only GET operations, in document order, those whose effective `security` requires
 *    credentials first (they are what the unauthenticated-data check is about);
 *  - path parameters, and required query parameters, are filled with the document's own
 *    example (example, examples, schema example/default/enum, x-example) or a safe value of the
 *    declared type (1, a fixed UUID, 2024-01-01 …); nothing is ever guessed from the server;
 *  - the base path is the server URL's path (OpenAPI 3: the server on the target's origin, else
 *    the first; relative URLs against the document's URL) or Swagger 2's basePath. Probes always
 *    go to the target's origin, whatever host a server names;
 *  - GET operations whose path reads like a state change (/logout, /delete, /unsubscribe …) are
 *    skipped: a GET should be safe, but not every API keeps to that;
 *  - local `$ref`s (`#/…`) are followed for path items and parameters; others are ignored.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type AppError, badRequest } from '../../core/errors.js';
import type { DeclaredSecurity, Endpoint } from './types.js';

/** Largest document read; a longer one is refused (400), not cut. */
export const MAX_OPENAPI_BYTES = 2 * 1024 * 1024;
/** Time limit of the document's fetch, redirects included. */
export const OPENAPI_TIMEOUT_MS = 10_000;
/** Path items looked at, at most (the work of deriving stays small for any document). */
const MAX_PATH_ITEMS = 10_000;
const MAX_REF_DEPTH = 16;
const MAX_VALUE_LENGTH = 100;

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  readonly kind: 'openapi3' | 'swagger2';
  /** As written: `3.1.0`, `2.0`. */
  readonly version: string;
  readonly root: Json;
}

/** A documented GET to probe: an absolute path (with a query when required parameters were filled). */
export interface DocumentedPath {
  readonly path: string;
  readonly endpoint: Endpoint;
}

export interface DerivedPaths {
  /** Every probe-able GET, in probing order (secured first); the caller applies the path limit. */
  readonly paths: readonly DocumentedPath[];
  readonly getOperations: number;
  /** Documented templates not probed because they read like a state change. */
  readonly skipped: readonly string[];
}

/** js-yaml's CommonJS entry, loaded by the parsing worker. */
const YAML_MODULE = createRequire(import.meta.url).resolve('js-yaml');

const invalid = (reason: string) => badRequest(`Invalid OpenAPI document: ${reason}`);

/** The SSRF-safe client's 400s, reworded to name openapi_url instead of the target. */
export function openApiFailure(error: AppError): AppError {
  const detail = error.detail
    .replace(/^Invalid URL: /, 'Invalid openapi_url: ')
    .replace(/^Target URL is not publicly reachable: /, 'openapi_url is not publicly reachable: ')
    .replace(/^Could not reach target URL: /, 'Could not fetch openapi_url: ');
  return detail === error.detail ? badRequest(`Could not fetch openapi_url: ${detail}`) : badRequest(detail);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Longest a YAML document may take to parse (off the main thread) before it is refused. */
export const YAML_PARSE_TIMEOUT_MS = 10_000;

/**
 * YAML is parsed by js-yaml (several times faster than the `yaml` package on large documents) in a
 * worker thread: the server keeps answering meanwhile, and a document that takes too long, or
 * needs more than 256 MiB, is refused. js-yaml's default schema builds plain data only (no
 * functions or classes), and an alias is a shared reference, not a copy, so alias bombs stay small.
 */
const YAML_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const yaml = require(workerData.module);
try {
  parentPort.postMessage({ ok: true, value: yaml.load(workerData.text) });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message) });
}
`;

function parseYamlOffThread(text: string, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(YAML_WORKER, { eval: true, workerData: { text, module: YAML_MODULE }, resourceLimits: { maxOldGenerationSizeMb: 256 }, stdout: true, stderr: true });
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      settle();
    };
    const onAbort = () => finish(() => reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted')));
    const timer = setTimeout(() => finish(() => reject(invalid(`the YAML took longer than ${timeoutMs / 1000} s to parse`))), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { ok: boolean; value?: unknown; message?: string }) =>
      finish(() => (message.ok ? resolve(message.value) : reject(invalid(`neither JSON nor valid YAML (${(message.message ?? '').split('\n')[0]?.slice(0, 160) ?? ''})`)))),
    );
    worker.once('error', (error) => finish(() => reject(invalid(`neither JSON nor valid YAML (${error.message.split('\n')[0]?.slice(0, 160) ?? ''})`))));
    worker.once('exit', () => finish(() => reject(invalid('the YAML parser stopped without a result'))));
  });
}

export interface ParseOptions {
  readonly yamlTimeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** JSON when it looks like JSON, YAML otherwise; then the checks every OpenAPI document must pass. */
export async function parseOpenApi(text: string, options: ParseOptions = {}): Promise<OpenApiDocument> {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '') throw invalid('the document is empty');
  let root: unknown;
  if (/^\s*[{[]/.test(source)) {
    try {
      root = JSON.parse(source);
    } catch (error) {
      throw invalid(`not valid JSON (${(error as Error).message.slice(0, 120)})`);
    }
  } else {
    root = await parseYamlOffThread(source, options.yamlTimeoutMs ?? YAML_PARSE_TIMEOUT_MS, options.signal);
  }
  if (!isObject(root)) throw invalid('the top level is not an object');
  // YAML reads an unquoted `swagger: 2.0` as the number 2 and `openapi: 3.0` as 3.
  const openapi = root.openapi;
  const swagger = root.swagger;
  let kind: OpenApiDocument['kind'];
  let version: string;
  if ((typeof openapi === 'string' && /^3\.\d+(\.\d+)?/.test(openapi)) || (typeof openapi === 'number' && Math.floor(openapi) === 3)) {
    kind = 'openapi3';
    version = String(openapi);
  } else if (swagger === '2.0' || swagger === 2) {
    kind = 'swagger2';
    version = '2.0';
  } else {
    throw invalid('it declares neither "openapi": "3.x" nor "swagger": "2.0"');
  }
  if (root.paths !== undefined && !isObject(root.paths)) throw invalid('"paths" is not an object');
  return { kind, version, root };
}

/** Follows a local JSON pointer (`#/components/parameters/Id`); anything else resolves to undefined. */
function deref(root: Json, value: unknown, depth = 0): unknown {
  if (!isObject(value) || typeof value.$ref !== 'string') return value;
  if (depth >= MAX_REF_DEPTH || !value.$ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of value.$ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
    } catch {
      return undefined;
    }
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return deref(root, node, depth + 1);
}

/** A value of the document usable in a URL: a short string, a finite number or a boolean. */
function scalar(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && value.length > 0 && value.length <= MAX_VALUE_LENGTH && ![...value].some((c) => c < ' ' || c === '\u007f')) return value;
  return undefined;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

/** The first example of an OpenAPI 3 `examples` map ({name: {value}}), refs followed. */
function firstExample(root: Json, examples: unknown): unknown {
  if (Array.isArray(examples)) return examples[0];
  if (!isObject(examples)) return undefined;
  for (const example of Object.values(examples)) {
    const resolved = deref(root, example);
    if (isObject(resolved) && 'value' in resolved) return resolved.value;
  }
  return undefined;
}

const SAFE_BY_FORMAT: Readonly<Record<string, string>> = Object.freeze({
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  email: 'user@example.com',
});

/** The value a parameter gets: the document's example first, else a safe value of its type. */
export function exampleValue(root: Json, param: Json | undefined, name: string): string {
  const schema = param === undefined ? undefined : deref(root, param.schema);
  const s = isObject(schema) ? schema : {};
  if (param !== undefined) {
    const candidates = [
      param.example,
      firstExample(root, param.examples),
      s.example,
      firstOf(s.examples),
      s.default,
      firstOf(s.enum),
      param['x-example'],
      param.default,
      firstOf(param.enum),
    ];
    for (const candidate of candidates) {
      const value = scalar(candidate);
      if (value !== undefined) return value;
    }
  }
  const typeField = s.type ?? param?.type;
  const type: unknown = Array.isArray(typeField) ? (typeField as unknown[]).find((t) => t !== 'null') : typeField;
  const format = s.format ?? param?.format;
  if (type === 'integer' || type === 'number') {
    const minimum = typeof s.minimum === 'number' ? s.minimum : typeof param?.minimum === 'number' ? param.minimum : undefined;
    return String(minimum !== undefined && minimum > 1 ? Math.ceil(minimum) : 1);
  }
  if (type === 'boolean') return 'true';
  if (typeof format === 'string' && SAFE_BY_FORMAT[format] !== undefined) return SAFE_BY_FORMAT[format];
  return /id$/i.test(name) ? '1' : 'example';
}

/** Path-item and operation parameters, refs followed, the operation's winning on the same name and place. */
function parametersOf(root: Json, item: Json, operation: Json): Map<string, Json> {
  const params = new Map<string, Json>();
  for (const list of [item.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const param = deref(root, entry);
      if (isObject(param) && typeof param.name === 'string' && typeof param.in === 'string') params.set(`${param.in}:${param.name}`, param);
    }
  }
  return params;
}

function securityOf(root: Json, operation: Json): { security: DeclaredSecurity; schemes: string[] } {
  const declared = Array.isArray(operation.security) ? operation.security : Array.isArray(root.security) ? root.security : undefined;
  if (declared === undefined) return { security: 'undeclared', schemes: [] };
  if (declared.length === 0) return { security: 'public', schemes: [] };
  const requirements = declared.filter(isObject);
  if (requirements.length < declared.length || requirements.some((r) => Object.keys(r).length === 0)) return { security: 'optional', schemes: [] };
  return { security: 'required', schemes: [...new Set(requirements.flatMap((r) => Object.keys(r)))] };
}

/** A server URL with its variables at their defaults, resolved against the document's URL. */
function serverUrl(server: unknown, documentUrl: string): URL | undefined {
  if (!isObject(server) || typeof server.url !== 'string') return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  const filled = server.url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const variable = variables[name];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : '';
  });
  try {
    return new URL(filled, documentUrl);
  } catch {
    return undefined;
  }
}

function basePath(doc: OpenApiDocument, item: Json, operation: Json, documentUrl: string, targetOrigin: string): string {
  if (doc.kind === 'swagger2') {
    const base = doc.root.basePath;
    return typeof base === 'string' && base.startsWith('/') ? base : '';
  }
  const list = [operation.servers, item.servers, doc.root.servers].find((s) => Array.isArray(s) && s.length > 0) as unknown[] | undefined;
  if (list === undefined) return '';
  const urls = list.map((s) => serverUrl(s, documentUrl)).filter((u): u is URL => u !== undefined);
  const chosen = urls.find((u) => u.origin === targetOrigin) ?? urls[0];
  // The path as the URL parser normalised it (percent-encoded): joined to the filled template as it is.
  return chosen === undefined ? '' : chosen.pathname;
}

function joinPath(base: string, template: string): string {
  return `${base.replace(/\/+$/, '')}/${template.replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
}

/** Words in a path that name a state change: a GET there may still do it, so it is not sent. */
const STATE_CHANGE = /(?:^|[/_.-])(?:log-?out|sign-?out|log-?off|delete|remove|destroy|purge|revoke|reset|unsubscribe|disable|deactivate|cancel|shutdown|restart|reboot)(?:[/_.-]|$)/i;

const PRIORITY: Readonly<Record<DeclaredSecurity, number>> = { required: 0, undeclared: 1, optional: 2, public: 3 };

/** Every documented GET, filled in and ordered for probing. */
export function derivePaths(doc: OpenApiDocument, documentUrl: string, targetUrl: string): DerivedPaths {
  const { root } = doc;
  const targetOrigin = new URL(targetUrl).origin;
  const found: DocumentedPath[] = [];
  const skipped: string[] = [];
  let getOperations = 0;
  const items = isObject(root.paths) ? Object.entries(root.paths).slice(0, MAX_PATH_ITEMS) : [];
  for (const [template, rawItem] of items) {
    if (!template.startsWith('/')) continue;
    const item = deref(root, rawItem);
    if (!isObject(item)) continue;
    const operation = deref(root, item.get);
    if (!isObject(operation)) continue;
    getOperations++;
    const base = basePath(doc, item, operation, documentUrl, targetOrigin);
    const documented = joinPath(base, template);
    const literal = template.replace(/\{[^}]*\}/g, '');
    if (STATE_CHANGE.test(literal)) {
      skipped.push(documented);
      continue;
    }
    const params = parametersOf(root, item, operation);
    let objectLevel = false;
    const filled = template.replace(/\{([^}/]+)\}/g, (_m, name: string) => {
      objectLevel = true;
      return encodeURIComponent(exampleValue(root, params.get(`path:${name}`), name));
    });
    const query = new URLSearchParams();
    for (const param of params.values()) {
      if (param.in === 'query' && param.required === true) query.append(param.name as string, exampleValue(root, param, param.name as string));
    }
    const search = query.toString() === '' ? '' : `?${query.toString()}`;
    const { security, schemes } = securityOf(root, operation);
    const endpoint: Endpoint = {
      source: 'openapi',
      security,
      template: documented,
      ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId.slice(0, MAX_VALUE_LENGTH) } : {}),
      ...(schemes.length > 0 ? { schemes: schemes.map((s) => s.slice(0, MAX_VALUE_LENGTH)) } : {}),
      ...(objectLevel ? { objectLevel } : {}),
    };
    found.push({ path: `${joinPath(base, filled)}${search}`, endpoint });
  }
  const order = found.map((p, i) => ({ p, i })).sort((a, b) => PRIORITY[a.p.endpoint.security] - PRIORITY[b.p.endpoint.security] || a.i - b.i);
  const seen = new Set<string>();
  const paths = order.map(({ p }) => p).filter((p) => (seen.has(p.path) ? false : (seen.add(p.path), true)));
  return { paths, getOperations, skipped };
}
