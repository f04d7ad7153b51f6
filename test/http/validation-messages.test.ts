/**
 * Every kind of schema validation failure answers 400 with one sentence naming the
 * field and what it must be: through the real routes where our schemas use the keyword,
 * through a probe route for the keywords no route uses yet.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const finding = {
  id: 'SEC-A1B2C3',
  category: 'secrets',
  severity: 'HIGH',
  title: 'AWS access key',
  description: 'An AWS access key id is committed.',
  evidence: 'AWS access key: key = "[REDACTED]"',
  location: { target: 'acme/demo', path: 'src/config.ts', line: 3, column: 14, url: null, method: null },
  scanner_name: 'secrets',
  remediation: 'Rotate the key.',
  confidence: 0.9,
  owasp_categories: ['A07:2021'],
};

const scan = {
  scan_id: 'abc123',
  status: 'completed',
  target_type: 'github',
  target: 'acme/demo',
  started_at: '2026-11-23T10:00:00.000Z',
  completed_at: '2026-11-23T10:00:01.000Z',
  finding_count: 1,
  findings: [finding],
};

/** Keywords no route schema uses today, so a schema change later keeps its messages honest. */
function probeRoutes(scope: FastifyInstance): void {
  scope.post(
    '/probe/keywords',
    {
      schema: {
        body: Type.Object(
          {
            version: Type.Optional(Type.Literal('2.1.0')),
            mode: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['fast', 'thorough'] })),
            tags: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 3, uniqueItems: true })),
            options: Type.Optional(Type.Object({ depth: Type.Integer({ exclusiveMinimum: 0 }) }, { additionalProperties: false })),
            choice: Type.Optional(Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })], { 'x-expected': 'an object with "a" or "b"' })),
            email: Type.Optional(Type.String({ format: 'email' })),
            step: Type.Optional(Type.Number({ multipleOf: 5 })),
            exclusive: Type.Optional(Type.Unsafe<number>({ oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] })),
          },
          { additionalProperties: false },
        ),
      },
    },
    () => ({ ok: true }),
  );
}

let ts: TestStorage;
let t: TestApp;
let key: string;

beforeAll(async () => {
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, { extraV1Routes: probeRoutes });
  key = await t.newAccount('team');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
});

async function detail(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method, url, headers: { 'x-api-key': key, ...headers }, ...(payload === undefined ? {} : { payload }) });
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ detail: string }>();
  expect(Object.keys(body)).toEqual(['detail']);
  // Never AJV's raw phrasing or a regular expression.
  expect(body.detail).not.toMatch(/must match|equal to constant|must NOT|must have required|\^|\$|\\d/);
  return body.detail;
}

const explainWith = (overrides: Record<string, unknown>) => detail('POST', '/v1/explain', { finding: { ...finding, ...overrides } });
const locationWith = (overrides: Record<string, unknown>) => explainWith({ location: { ...finding.location, ...overrides } });

describe('validation messages through the real routes', () => {
  it('a union of literals lists the allowed values', async () => {
    expect(await explainWith({ severity: 'SEVERE' })).toBe('Invalid request body: field "finding.severity" must be one of CRITICAL, HIGH, MEDIUM, LOW, INFO');
    expect(await explainWith({ scanner_name: 'nmap' })).toBe(
      'Invalid request body: field "finding.scanner_name" must be one of secrets, supply_chain, code, cicd, api_headers',
    );
    expect(await detail('POST', '/v1/triage', { scan: { ...scan, target_type: 'gitlab' } })).toBe(
      'Invalid request body: field "scan.target_type" must be one of github, api',
    );
  });

  it('a pattern is explained in words', async () => {
    expect(await explainWith({ id: 'sec-1' })).toBe(
      'Invalid request body: field "finding.id" must be a finding id such as SEC-A1B2C3 (upper-case letters, a hyphen, then 6 or more upper-case letters or digits)',
    );
    expect(await explainWith({ owasp_categories: ['A07:2021', 'Broken auth'] })).toBe(
      'Invalid request body: field "finding.owasp_categories[1]" must be an OWASP Top 10 category such as A07:2021',
    );
    expect(await detail('POST', '/v1/triage', { scan: { ...scan, scan_id: 'abc-123' } })).toBe('Invalid request body: field "scan.scan_id" must be a scan id of letters and digits');
  });

  it('patterns in the query string, the path and headers are explained too', async () => {
    expect(await detail('GET', '/v1/scans?limit=0')).toBe('Invalid query string: parameter "limit" must be an integer from 1 to 100');
    expect(await detail('GET', '/v1/scans?cursor=next')).toBe('Invalid query string: parameter "cursor" must be the next_cursor value of the previous page (digits only)');
    expect(await detail('GET', '/v1/scans/abc-def')).toBe('Invalid path: parameter "scan_id" must be a scan id (1 to 64 letters and digits)');
    expect(await detail('GET', '/v1/scans/progress/short')).toBe(
      'Invalid path: parameter "progress_id" must be an id of 16 to 64 characters, each a letter, a digit, "_" or "-"',
    );
    expect(await detail('POST', '/v1/scan/api', { url: 'https://example.com' }, { 'x-vigil-progress-id': 'tiny' })).toBe(
      'Invalid request headers: header "x-vigil-progress-id" must be an id of 16 to 64 characters, each a letter, a digit, "_" or "-"',
    );
  });

  it('a format is explained with an example', async () => {
    expect(await detail('POST', '/v1/triage', { scan: { ...scan, started_at: 'yesterday' } })).toBe(
      'Invalid request body: field "scan.started_at" must be a date and time in ISO 8601 form, such as 2026-01-31T12:00:00Z',
    );
  });

  it('a nullable field names both what it accepts, or the rule of the type the value has', async () => {
    expect(await locationWith({ url: 42 })).toBe('Invalid request body: field "finding.location.url" must be a string or null');
    expect(await locationWith({ line: 'three' })).toBe('Invalid request body: field "finding.location.line" must be an integer or null');
    expect(await locationWith({ line: -1 })).toBe('Invalid request body: field "finding.location.line" must be 0 or more');
  });

  it('number bounds', async () => {
    expect(await explainWith({ confidence: 1.5 })).toBe('Invalid request body: field "finding.confidence" must be a number from 0 to 1');
    expect(await detail('POST', '/v1/triage', { scan: { ...scan, finding_count: -1 } })).toBe('Invalid request body: field "scan.finding_count" must be 0 or more');
  });

  it('string lengths', async () => {
    expect(await detail('POST', '/v1/scan/github', { repository: '' })).toBe('Invalid request body: field "repository" must not be empty');
    expect(await detail('POST', '/v1/scan/github', { repository: 'acme/demo', ref: 'r'.repeat(256) })).toBe(
      'Invalid request body: field "ref" must be at most 255 characters long',
    );
    expect(await detail('POST', '/v1/explain', { finding, api_key: '' })).toBe('Invalid request body: field "api_key" must not be empty');
  });

  it('types', async () => {
    expect(await detail('POST', '/v1/scan/github', { repository: 'acme/demo', check_cves: 'yes' })).toBe(
      'Invalid request body: field "check_cves" must be true or false',
    );
    expect(await explainWith({ owasp_categories: 'A07:2021' })).toBe('Invalid request body: field "finding.owasp_categories" must be an array');
    expect(await explainWith({ location: 'src/config.ts:3' })).toBe('Invalid request body: field "finding.location" must be an object');
    expect(await detail('POST', '/v1/scan/api', [1, 2])).toBe('Invalid request body: expected a JSON object');
  });

  it('required fields, at the top and nested', async () => {
    expect(await detail('POST', '/v1/explain', {})).toBe('Invalid request body: field "finding" is required');
    const withoutRemediation: Record<string, unknown> = { ...finding };
    delete withoutRemediation.remediation;
    expect(await detail('POST', '/v1/explain', { finding: withoutRemediation })).toBe('Invalid request body: field "finding.remediation" is required');
    expect(await detail('POST', '/v1/triage', { scan: { ...scan, findings: [{ ...finding, location: { path: 'a.ts' } }] } })).toBe(
      'Invalid request body: field "scan.findings[0].location.target" is required',
    );
  });
});

describe('validation messages for keywords through a probe route', () => {
  const probe = (payload: object) => detail('POST', '/v1/probe/keywords', payload);

  it('const and enum', async () => {
    expect(await probe({ version: '2.0' })).toBe('Invalid request body: field "version" must be 2.1.0');
    expect(await probe({ mode: 'slow' })).toBe('Invalid request body: field "mode" must be one of fast, thorough');
  });

  it('minItems, maxItems and uniqueItems', async () => {
    expect(await probe({ tags: [] })).toBe('Invalid request body: field "tags" must not be empty');
    expect(await probe({ tags: ['a', 'b', 'c', 'd'] })).toBe('Invalid request body: field "tags" must have at most 3 items');
    expect(await probe({ tags: ['a', 'a'] })).toBe('Invalid request body: field "tags" must not repeat an item (items 0 and 1 are the same)');
  });

  it('additionalProperties names the unknown field', async () => {
    expect(await probe({ verbose: true })).toBe('Invalid request body: field "verbose" is not allowed here');
    expect(await probe({ options: { depth: 1, width: 2 } })).toBe('Invalid request body: field "options.width" is not allowed here');
  });

  it('exclusiveMinimum, multipleOf and format', async () => {
    expect(await probe({ options: { depth: 0 } })).toBe('Invalid request body: field "options.depth" must be greater than 0');
    expect(await probe({ step: 7 })).toBe('Invalid request body: field "step" must be a multiple of 5');
    expect(await probe({ email: 'not-an-address' })).toBe('Invalid request body: field "email" must be an email address');
  });

  it('anyOf with an x-expected text, and oneOf', async () => {
    expect(await probe({ choice: { c: 'x' } })).toBe('Invalid request body: field "choice" must be an object with "a" or "b"');
    expect(await probe({ exclusive: 'x' })).toBe('Invalid request body: field "exclusive" must be an integer or a number');
    expect(await probe({ exclusive: 3 })).toBe('Invalid request body: field "exclusive" matches more than one of an integer or a number');
  });

  it('never echoes the value that was sent', async () => {
    const token = ['gh', 'p_', 'NotEchoed0123456789abcdefABCDEFGHIJ'].join('');
    expect(await probe({ mode: token })).not.toContain(token);
    expect(await explainWith({ id: token })).not.toContain(token);
  });
});

describe('the API description', () => {
  it('explains every pattern in words (x-expected), so no 400 shows a regular expression', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<object>();
    const unexplained: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${where}/${i}`));
      if (typeof node !== 'object' || node === null) return;
      const record = node as Record<string, unknown>;
      if (typeof record.pattern === 'string' && typeof record['x-expected'] !== 'string') unexplained.push(where);
      for (const [name, child] of Object.entries(record)) walk(child, `${where}/${name}`);
    };
    walk(doc, '#');
    expect(JSON.stringify(doc)).toMatch(/"pattern"/);
    expect(unexplained).toEqual([]);
  });
});
