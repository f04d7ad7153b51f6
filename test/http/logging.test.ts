import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const PLANTED = {
  token: 'gh' + 'p_PLANTEDtokenVALUE000000000000000000',
  apiKey: 'sk-' + 'ant-PLANTED-provider-key-0000000000',
  bearer: 'Bearer PLANTED-bearer-0000000000',
};

function probeRoutes(scope: FastifyInstance): void {
  // A handler that logs the whole request, as careless code might.
  scope.post(
    '/probe/log',
    { schema: { body: Type.Object({ repository: Type.String(), token: Type.Optional(Type.String()), api_key: Type.Optional(Type.String()) }) } },
    (req) => {
      req.log.info({ body: req.body, headers: req.headers }, 'probe received');
      return { ok: true };
    },
  );
  scope.post('/probe/fail', () => {
    throw new Error('upstream failed');
  });
  // A database driver's error, as some carry them: the query and its parameters hang on it.
  scope.post('/probe/db-fail', () => {
    const error = new Error(`insert failed: ${'x'.repeat(50_000)}`) as Error & { query?: string; parameters?: unknown[]; code?: string };
    error.code = '53200';
    error.query = 'insert into "scans" ("result") values ($1)';
    error.parameters = [JSON.stringify({ findings: ['PARAMETER-VALUE'.repeat(10_000)] })];
    throw new Error('could not store the scan', { cause: error });
  });
}

describe('logs', () => {
  let ts: TestStorage;
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, { extraV1Routes: probeRoutes, env: { LOG_LEVEL: 'trace' } });
    key = await t.newAccount('team');
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  it('are JSON lines carrying the request id', async () => {
    await t.app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'log-line-1' } });
    const lines = t.logs().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.some((l) => l.reqId === 'log-line-1')).toBe(true);
  });

  it('never contain X-API-Key, Authorization, or the token and api_key body fields', async () => {
    const headers = { 'x-api-key': key, authorization: PLANTED.bearer, 'content-type': 'application/json' };
    const body = { repository: 'octo/repo', token: PLANTED.token, api_key: PLANTED.apiKey };
    await t.app.inject({ method: 'POST', url: '/v1/probe/log', headers, payload: body });
    await t.app.inject({ method: 'POST', url: '/v1/probe/log', headers, payload: { ...body, repository: 42 } });
    await t.app.inject({ method: 'POST', url: '/v1/probe/log', headers, payload: `{"token":"${PLANTED.token}","api_key":"${PLANTED.apiKey}",` });
    await t.app.inject({ method: 'POST', url: '/v1/probe/fail', headers, payload: body });
    await t.app.inject({ method: 'POST', url: `/v1/probe/log?token=${PLANTED.token}`, headers, payload: body });
    await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': `${key}x` } });

    const logs = t.logs();
    expect(logs).toContain('probe received');
    expect(logs).toContain('[redacted]');
    for (const secret of [key, PLANTED.token, PLANTED.apiKey, PLANTED.bearer, 'PLANTED']) {
      expect(logs).not.toContain(secret);
    }
  });

  it('log errors by an allow-list: bounded message and stack, code and cause, never the parameters hung on them', async () => {
    const before = t.logs().length;
    const res = await t.app.inject({ method: 'POST', url: '/v1/probe/db-fail', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(500);
    const added = t.logs().slice(before);
    const line = added
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { err?: { message: string; cause?: { code?: string; message: string } } })
      .find((l) => l.err?.message === 'could not store the scan');
    expect(line?.err?.cause?.code).toBe('53200');
    expect(line?.err?.cause?.message.length).toBeLessThan(2_100);
    expect(added).not.toContain('PARAMETER-VALUE');
    expect(added).not.toContain('insert into');
    expect(added.length).toBeLessThan(20_000);
  });
});
