import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { findingId } from '../../../src/engine/pipeline/fingerprint.js';
import { HTTP_CHECKS } from '../../../src/scanners/http/checks/index.js';
import { apiPage } from '../../../src/scanners/http/docs.js';
import { renderRulePage } from '../../../src/scanners/docs.js';
import { exampleToRetrieved } from '../../../src/scanners/http/examples.js';
import { probeOrigins } from '../../../src/scanners/http/origins.js';
import { scanRetrieved } from '../../../src/scanners/http/scanner.js';

const TARGET = 'https://api.example.com/';

/** An https API with many problems at once. */
const bad = exampleToRetrieved({
  note: 'bad',
  headers: {
    'content-type': 'text/html',
    server: 'nginx/1.18.0',
    'set-cookie': ['sessionid=s3cr3t-session-value; Path=/', 'theme=dark; Secure; SameSite=Lax'],
    'x-frame-options': ['DENY', 'SAMEORIGIN'],
  },
  http: { status: 200, headers: { 'content-type': 'text/html' } },
  probes: [
    { kind: 'arbitrary', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true' } },
    {
      kind: 'arbitrary',
      method: 'OPTIONS',
      headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true', 'access-control-allow-methods': 'PUT' },
    },
  ],
});

describe('scanRetrieved', () => {
  const findings = scanRetrieved(bad);

  it('returns raw findings of the api_headers scanner without file positions', () => {
    expect(findings.length).toBeGreaterThan(5);
    for (const { raw } of findings) {
      expect(raw.scanner).toBe('api_headers');
      expect(['headers', 'cors']).toContain(raw.category);
      expect([raw.path, raw.line, raw.column]).toEqual(['', 0, 0]);
      expect(raw.owaspCategories.length).toBeGreaterThan(0);
      expect(raw.fingerprintMaterial).toMatch(new RegExp(`^${raw.ruleId}:`));
    }
  });

  it('gives each finding the url and method of the request that proved it', () => {
    const critical = findings.find((f) => f.raw.ruleId === 'cors-origin-reflection');
    expect(critical?.raw.severity).toBe('CRITICAL');
    expect(critical?.method).toBe('OPTIONS');
    expect(critical?.url).toBe(TARGET);
    expect(critical?.raw.evidence.split('\n')[0]).toBe('Origin: https://vigil-probe.example (sent with OPTIONS)');
    const plain = findings.find((f) => f.raw.ruleId === 'https-enforcement');
    expect(plain?.url).toBe('http://api.example.com/');
    expect(plain?.method).toBe('GET');
  });

  it('reports one finding per cookie, named, without the cookie value', () => {
    const cookies = findings.filter((f) => f.raw.ruleId === 'cookie-attributes');
    expect(cookies.map((f) => f.raw.fingerprintMaterial).sort()).toEqual(['cookie-attributes:cookie:theme', 'cookie-attributes:session-cookie:sessionid']);
    expect(cookies.map((f) => f.raw.title)).toContain('Session cookie sessionid without Secure, HttpOnly, SameSite');
    for (const f of findings) expect(`${f.raw.evidence}${f.raw.description}`).not.toContain('s3cr3t-session-value');
  });

  it('quotes received header lines as evidence', () => {
    const xfo = findings.find((f) => f.raw.fingerprintMaterial === 'duplicate-security-headers:conflicting-x-frame-options');
    expect(xfo?.raw.evidence).toBe('X-Frame-Options: DENY\nX-Frame-Options: SAMEORIGIN');
    const server = findings.find((f) => f.raw.ruleId === 'information-disclosure');
    expect(server?.raw.evidence).toBe('Server: nginx/1.18.0');
  });

  it('produces the same ids for the same target and issues, and distinct ids for distinct issues', () => {
    const ids = findings.map((f) => findingId(TARGET, f.raw));
    expect(scanRetrieved(bad).map((f) => findingId(TARGET, f.raw))).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^API-[0-9A-Z]{6}$/);
  });
});

describe('probe origins', () => {
  it('derives every kind from a domain target', () => {
    expect(probeOrigins(new URL('https://api.example.com/v1'))).toEqual([
      { kind: 'control', origin: 'https://api.example.com' },
      { kind: 'arbitrary', origin: 'https://vigil-probe.example' },
      { kind: 'null', origin: 'null' },
      { kind: 'prefix', origin: 'https://api.example.com.evil-vigil.example' },
      { kind: 'suffix', origin: 'https://evilapi.example.com' },
      { kind: 'sibling', origin: 'https://vigil-probe.example.com' },
      { kind: 'unescaped-dot', origin: 'https://apixexample.com' },
      { kind: 'http-scheme', origin: 'http://api.example.com' },
      { kind: 'special-char', origin: 'https://api.example.com_.evil-vigil.example' },
      { kind: 'special-char', origin: 'https://api.example.com`.evil-vigil.example' },
      { kind: 'special-char', origin: 'https://api.example.com!.evil-vigil.example' },
      { kind: 'third-party', origin: 'https://vigil-probe.github.io' },
      { kind: 'third-party', origin: 'https://codepen.io' },
      { kind: 'third-party', origin: 'https://jsfiddle.net' },
    ]);
  });

  it('skips the sibling for IP addresses and the http variant for http targets', () => {
    const kinds = probeOrigins(new URL('http://127.0.0.1:8080/')).map((p) => p.kind);
    expect(kinds).not.toContain('sibling');
    expect(kinds).not.toContain('http-scheme');
    expect(kinds).toContain('unescaped-dot');
  });

  it('sends only the origin-level probes to an IPv6 literal', () => {
    expect(probeOrigins(new URL('https://[2001:db8::1]/')).map((p) => p.kind)).toEqual(['control', 'arbitrary', 'null', 'http-scheme', 'third-party', 'third-party', 'third-party']);
  });
});

describe('docs/rules/api.md', () => {
  it('is the page the checks generate (run npm run docs:rules after changing a check)', async () => {
    const committed = await readFile(new URL('../../../docs/rules/api.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderRulePage(apiPage(HTTP_CHECKS)));
  });
});
