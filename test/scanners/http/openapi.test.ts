import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/errors.js';
import { judgeBody } from '../../../src/scanners/http/body.js';
import { derivePaths, exampleValue, parseOpenApi } from '../../../src/scanners/http/openapi.js';
import type { ObservedResponse } from '../../../src/scanners/http/types.js';

const DOC_URL = 'https://api.example.com/openapi.json';
const TARGET = 'https://api.example.com/';

async function derive(doc: Record<string, unknown>, target = TARGET, documentUrl = DOC_URL) {
  return derivePaths(await parseOpenApi(JSON.stringify(doc)), documentUrl, target);
}

async function failure(text: string, yamlTimeoutMs?: number): Promise<string> {
  try {
    await parseOpenApi(text, yamlTimeoutMs === undefined ? {} : { yamlTimeoutMs });
  } catch (error) {
    if (isAppError(error)) return `${error.status} ${error.detail}`;
    throw error;
  }
  return 'parsed';
}

describe('parseOpenApi', () => {
  it('reads OpenAPI 3.x and Swagger 2.0 in JSON and YAML, unquoted versions included', async () => {
    expect(await parseOpenApi('{"openapi":"3.1.0","paths":{}}')).toMatchObject({ kind: 'openapi3', version: '3.1.0' });
    expect(await parseOpenApi('openapi: 3.0.3\npaths: {}\n')).toMatchObject({ kind: 'openapi3', version: '3.0.3' });
    expect(await parseOpenApi('openapi: 3.0\npaths: {}\n')).toMatchObject({ kind: 'openapi3' });
    expect(await parseOpenApi('\uFEFFswagger: 2.0\npaths: {}\n')).toMatchObject({ kind: 'swagger2', version: '2.0' });
    expect(await parseOpenApi('{"swagger":"2.0"}')).toMatchObject({ kind: 'swagger2' });
  });

  it('refuses what is not an OpenAPI document with a 400 that says why', async () => {
    expect(await failure('')).toBe('400 Invalid OpenAPI document: the document is empty');
    expect(await failure('{"openapi": "3.0.0",')).toMatch(/^400 Invalid OpenAPI document: not valid JSON/);
    expect(await failure('a: [1,\n b')).toMatch(/^400 Invalid OpenAPI document: neither JSON nor valid YAML/);
    expect(await failure('<html><body>Swagger UI</body></html>')).toBe('400 Invalid OpenAPI document: the top level is not an object');
    expect(await failure('{"openapi":"2.0","paths":{}}')).toBe('400 Invalid OpenAPI document: it declares neither "openapi": "3.x" nor "swagger": "2.0"');
    expect(await failure('{"info":{"title":"x"}}')).toMatch(/declares neither/);
    expect(await failure('{"openapi":"3.0.0","paths":[]}')).toBe('400 Invalid OpenAPI document: "paths" is not an object');
  });

  it('keeps YAML aliases shared: an alias bomb stays small', async () => {
    const names = 'abcdefghij';
    const levels = Array.from({ length: 9 }, (_, i) => `${names[i + 1]}: &${names[i + 1]} [${Array.from({ length: 9 }, () => `*${names[i]}`).join(', ')}]`);
    const bomb = ['openapi: 3.0.0', 'a: &a [x, x, x, x, x, x, x, x, x]', ...levels, 'paths: {}'].join('\n');
    const doc = await parseOpenApi(bomb);
    expect(derivePaths(doc, DOC_URL, TARGET)).toEqual({ paths: [], getOperations: 0, skipped: [] });
  });
});

describe('parseOpenApi on YAML, in a worker thread', () => {
  const LARGE = ['openapi: 3.0.0', 'paths:', ...Array.from({ length: 20_000 }, (_, i) => `  /p${i}: {get: {operationId: op${i}}}`)].join('\n');

  it('refuses a document that takes longer than its time limit to parse', async () => {
    expect(await failure(LARGE, 1)).toBe('400 Invalid OpenAPI document: the YAML took longer than 0.001 s to parse');
  });

  it('stops parsing when the scan is aborted', async () => {
    const controller = new AbortController();
    const parsing = parseOpenApi(LARGE, { signal: controller.signal });
    controller.abort(new Error('client disconnected'));
    await expect(parsing).rejects.toThrow('client disconnected');
  });

  it('parses a document in block and flow style, anchors included', async () => {
    const text = ['openapi: "3.1.0"', 'x-param: &id {name: id, in: path, example: 5}', 'paths:', '  /a/{id}:', '    get:', '      parameters: [*id]', '  /b: {get: {}}', ''].join('\n');
    const derived = derivePaths(await parseOpenApi(text), DOC_URL, TARGET);
    expect(derived.paths.map((p) => p.path)).toEqual(['/a/5', '/b']);
  });
});

describe('derivePaths', () => {
  it('takes GET operations only, with the server base path, secured ones first', async () => {
    const derived = await derive({
      openapi: '3.0.3',
      servers: [{ url: 'https://staging.example.com/v0' }, { url: 'https://api.example.com/v2' }],
      paths: {
        '/status': { get: { security: [] } },
        '/items': { get: {}, post: {} },
        '/orders': { get: { security: [{ oauth: ['read'] }, { apiKey: [] }], operationId: 'listOrders' } },
        '/upload': { post: {} },
      },
    });
    expect(derived.getOperations).toBe(3);
    expect(derived.paths.map((p) => p.path)).toEqual(['/v2/orders', '/v2/items', '/v2/status']);
    expect(derived.paths[0]?.endpoint).toEqual({ source: 'openapi', security: 'required', template: '/v2/orders', operationId: 'listOrders', schemes: ['oauth', 'apiKey'] });
    expect(derived.paths.map((p) => p.endpoint.security)).toEqual(['required', 'undeclared', 'public']);
  });

  it('applies document-wide security unless the operation overrides it; {} makes it optional', async () => {
    const derived = await derive({
      openapi: '3.1.0',
      security: [{ bearer: [] }],
      paths: { '/a': { get: {} }, '/b': { get: { security: [] } }, '/c': { get: { security: [{}, { bearer: [] }] } } },
    });
    expect(Object.fromEntries(derived.paths.map((p) => [p.path, p.endpoint.security]))).toEqual({ '/a': 'required', '/b': 'public', '/c': 'optional' });
  });

  it('resolves relative server URLs against the document and fills server variables with their defaults', async () => {
    expect((await derive({ openapi: '3.0.0', servers: [{ url: 'api/{version}', variables: { version: { default: 'v3' } } }], paths: { '/x': { get: {} } } }, TARGET, 'https://api.example.com/docs/openapi.json')).paths[0]?.path).toBe('/docs/api/v3/x');
    expect((await derive({ openapi: '3.0.0', paths: { '/x': { get: {} } } })).paths[0]?.path).toBe('/x');
    // A server on another host contributes its path only: probes go to the target.
    expect((await derive({ openapi: '3.0.0', servers: [{ url: 'http://localhost:8080/api/' }], paths: { '/x': { get: {} } } })).paths[0]?.path).toBe('/api/x');
    // Operation-level servers win.
    expect((await derive({ openapi: '3.0.0', servers: [{ url: '/v1' }], paths: { '/x': { get: { servers: [{ url: '/v9' }] } } } })).paths[0]?.path).toBe('/v9/x');
  });

  it('uses Swagger 2 basePath', async () => {
    expect((await derive({ swagger: '2.0', basePath: '/api/', paths: { '/users': { get: {} } } })).paths[0]?.path).toBe('/api/users');
  });

  it('fills path and required query parameters from examples, refs and types, encoded', async () => {
    const derived = await derive({
      openapi: '3.0.0',
      paths: {
        '/users/{id}': { parameters: [{ name: 'id', in: 'path', schema: { type: 'integer', minimum: 100 } }], get: {} },
        '/orgs/{org}/repos/{repo}': {
          get: {
            parameters: [
              { name: 'org', in: 'path', examples: { first: { value: 'acme inc/x' } } },
              { $ref: '#/components/parameters/Repo' },
              { name: 'sort', in: 'query', required: true, schema: { enum: ['name', 'date'] } },
              { name: 'page', in: 'query', schema: { type: 'integer' } },
            ],
          },
        },
        '/files/{fileId}/{day}': { get: { parameters: [{ name: 'day', in: 'path', schema: { type: 'string', format: 'date' } }] } },
      },
      components: { parameters: { Repo: { name: 'repo', in: 'path', schema: { type: 'string', default: 'vigil' } } } },
    });
    expect(derived.paths.map((p) => p.path)).toEqual(['/users/100', '/orgs/acme%20inc%2Fx/repos/vigil?sort=name', '/files/1/2024-01-01']);
    expect(derived.paths.every((p) => p.endpoint.objectLevel === true)).toBe(true);
  });

  it('gives a parameter the document value first, then a safe value of its type', () => {
    const root = {};
    expect(exampleValue(root, { name: 'id', in: 'path', example: 7, schema: { type: 'integer', example: 9 } }, 'id')).toBe('7');
    expect(exampleValue(root, { name: 'id', in: 'path', schema: { type: ['null', 'boolean'] } }, 'id')).toBe('true');
    expect(exampleValue(root, { name: 'u', in: 'path', schema: { type: 'string', format: 'uuid' } }, 'u')).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(exampleValue(root, { name: 'slug', in: 'path', type: 'string', 'x-example': 'hello' }, 'slug')).toBe('hello');
    expect(exampleValue(root, { name: 'slug', in: 'path', schema: { example: { nested: true } } }, 'slug')).toBe('example');
    expect(exampleValue(root, { name: 'name', in: 'path', schema: { example: 'x'.repeat(500) } }, 'name')).toBe('example');
    expect(exampleValue(root, undefined, 'userId')).toBe('1');
  });

  it('skips GETs whose path reads like a state change, and says which', async () => {
    const derived = await derive({
      openapi: '3.0.0',
      paths: { '/logout': { get: {} }, '/users/{id}/delete': { get: {} }, '/email/unsubscribe': { get: {} }, '/deleted-items': { get: {} }, '/me': { get: {} } },
    });
    expect(derived.paths.map((p) => p.path)).toEqual(['/deleted-items', '/me']);
    expect(derived.skipped).toEqual(['/logout', '/users/{id}/delete', '/email/unsubscribe']);
    expect(derived.getOperations).toBe(5);
  });

  it('follows local $refs of path items, ignores remote and cyclic ones, and does not repeat a path', async () => {
    const derived = await derive({
      openapi: '3.0.0',
      paths: {
        '/a': { $ref: '#/x-items/A' },
        '/b': { $ref: 'https://elsewhere.example/items.yaml#/B' },
        '/c': { $ref: '#/x-items/Loop' },
        '/d': { get: { parameters: [{ name: 'id', in: 'path' }] } },
        '/d/': { get: {} },
        'no-slash': { get: {} },
      },
      'x-items': { A: { get: {} }, Loop: { $ref: '#/x-items/Loop' } },
    });
    expect(derived.paths.map((p) => p.path)).toEqual(['/a', '/d', '/d/']);
  });
});

function res(body: string | undefined, type = 'application/json', truncated = false): ObservedResponse {
  return {
    url: 'https://api.example.com/v1/x',
    finalUrl: 'https://api.example.com/v1/x',
    method: 'GET',
    status: 200,
    headers: type === '' ? {} : { 'content-type': [type] },
    redirects: [],
    ...(body === undefined ? {} : { body: { text: body, truncated } }),
  };
}

describe('judgeBody', () => {
  it.each([
    ['[{"id":1}]', true],
    ['{"id":42,"name":"Ada"}', true],
    ['{"data":[{"id":"1"}],"meta":{"total":1}}', true],
    ['{"items":[],"total":0,"next":null}', false],
    ['{"object":"list","data":[],"has_more":false,"url":"/v1/customers"}', false],
    ['{"status":"ok"}', false],
    ['{"error":"unauthorized"}', false],
    ['{"errors":[{"message":"Not authenticated"}]}', false],
    ['{"success":false,"message":"Please log in"}', false],
    ['{"result":"denied","reason":"Authentication required"}', false],
    ['[]', false],
    ['{}', false],
    ['"ok"', false],
    ['null', false],
  ])('JSON %s has data: %s', (body, data) => {
    expect(judgeBody(res(body)).hasData).toBe(data);
  });

  it('never judges HTML, problem details, empty or non-JSON bodies as data', () => {
    expect(judgeBody(res('<!doctype html><form>', 'text/html'))).toMatchObject({ kind: 'html', hasData: false });
    expect(judgeBody(res('<html>', ''))).toMatchObject({ kind: 'html', hasData: false });
    expect(judgeBody(res('{"type":"about:blank","title":"Unauthorized","status":401}', 'application/problem+json')).hasData).toBe(false);
    expect(judgeBody(res(''))).toMatchObject({ kind: 'empty', hasData: false });
    expect(judgeBody(res(undefined))).toMatchObject({ kind: 'empty', hasData: false });
    expect(judgeBody(res('id,email\n1,a@b.c', 'text/csv'))).toMatchObject({ kind: 'other', hasData: false });
    expect(judgeBody(res('[{"id":1}]', 'text/plain')).hasData).toBe(true);
    expect(judgeBody(res('{"id":1, broken'))).toMatchObject({ kind: 'other', hasData: false });
  });

  it('names sensitive fields with values, never the values, and reads a body cut at the cap', () => {
    const verdict = judgeBody(res('[{"id":1,"Email":"ada@example.com","phone":"","password_hash":"x"}]'));
    expect(verdict.sensitiveFields).toEqual(['Email', 'password_hash']);
    expect(verdict.shape).toBe('a JSON array of 1 item');
    expect(JSON.stringify(verdict)).not.toContain('ada@example.com');
    // A map keyed by tokens or ids shows its size, not its keys.
    const keyed = judgeBody(res('{"tok_8f3a9c2b7d1e4f60":{"owner":"ada"},"name":"x"}'));
    expect(keyed.shape).toBe('a JSON object with fields name (+1 more)');
    expect(judgeBody(res('{"8f3a9c2b7d1e":{"id":1}}')).shape).toBe('a JSON object with 1 field');
    const cut = judgeBody(res('[{"id":1,"email":"ada@example.com","name":"Ada"},{"id":2,"ema', 'application/json', true));
    expect(cut).toMatchObject({ kind: 'json', hasData: true, sensitiveFields: ['email'] });
  });
});
