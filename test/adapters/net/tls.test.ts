import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeLegacyTls, safeFetch } from '../../../src/adapters/net/index.js';
import { expectAppError } from './helpers.js';

/** A throwaway self-signed certificate, made with the openssl CLI when the host has it. */
function selfSigned(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore', timeout: 10_000 });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const material = selfSigned();

describe.skipIf(material === undefined)('safeFetch over TLS', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer({ ...material }, (_req, res) => res.end('secret'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses an untrusted certificate as a TLS certificate error', async () => {
    const error = await expectAppError(safeFetch(`https://127.0.0.1:${port}/`, { allowCidrs: ['127.0.0.1/32'] }), 'bad_request');
    expect(error.detail).toMatch(/^Could not reach target URL: TLS certificate error: self[- ]signed certificate/);
  });
});

describe.skipIf(material === undefined)('safeFetch TLS inspection and session resumption', () => {
  let server: Server;
  let port = 0;
  const reused: boolean[] = [];
  beforeAll(async () => {
    server = createServer({ ...material }, (_req, res) => res.end('ok'));
    server.on('secureConnection', (socket: import('node:tls').TLSSocket) => reused.push(socket.isSessionReused()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('completes the handshake in inspect mode and records the untrusted self-signed certificate', async () => {
    const res = await safeFetch(`https://127.0.0.1:${port}/`, { allowCidrs: ['127.0.0.1/32'], tls: 'inspect' });
    expect(res.status).toBe(200);
    expect(res.tls).toMatchObject({ authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT', certificate: { selfSigned: true, keyType: 'ec', keyBits: 256, matchesHost: true } });
  });

  it('resumes the session a previous response handed over', async () => {
    reused.length = 0;
    const first = await safeFetch(`https://127.0.0.1:${port}/`, { allowCidrs: ['127.0.0.1/32'], tls: 'inspect' });
    expect(first.tlsSession).toBeInstanceOf(Buffer);
    await safeFetch(`https://127.0.0.1:${port}/`, { allowCidrs: ['127.0.0.1/32'], tls: 'inspect', ...(first.tlsSession ? { tlsSession: first.tlsSession } : {}) });
    expect(reused).toEqual([false, true]);
  });
});

describe.skipIf(material === undefined)('probeLegacyTls', () => {
  let server: import('node:tls').Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    const tls = await import('node:tls');
    server = tls.createServer({ ...material, minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }, (socket) => socket.end());
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reports the old protocol a server still accepts', async () => {
    expect(await probeLegacyTls(`https://127.0.0.1:${port}/`, { allowCidrs: ['127.0.0.1/32'] })).toMatch(/^TLSv1(\.1)?$/);
  });

  it('never connects to an address the policy refuses', async () => {
    connections = 0;
    expect(await probeLegacyTls(`https://127.0.0.1:${port}/`)).toBeNull();
    expect(connections).toBe(0);
  });
});
