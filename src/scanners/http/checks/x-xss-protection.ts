import { defineCheck, OWASP, type Outcome } from '../check.js';
import { headerLines, mainAt, values } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'enabled' | 'invalid';

/**
 * The legacy XSS auditor's header: `0` switches it off, `1` (optionally `; mode=block`
 * or `; report=<uri>`) switches it on. Current browsers have removed the auditor; the
 * ones that still run it can be made to block or rewrite harmless parts of a page, which
 * opened cross-site leaks, so the advice (MDN, OWASP) is to send `0` or nothing.
 */
function detect(r: Retrieved): Outcome<Key>[] {
  const received = values(r.main.headers, 'x-xss-protection');
  const value = received[0]?.trim();
  if (value === undefined) return [];
  const at = mainAt(r.main);
  const evidence = headerLines(r.main.headers, 'x-xss-protection');
  const mode = value.split(';')[0]?.trim() ?? '';
  if (mode === '0') return [];
  if (mode === '1') return [{ key: 'enabled', facts: { value: value.slice(0, 80) }, evidence, ...at }];
  return [{ key: 'invalid', facts: { value: value.slice(0, 80) || '(empty)' }, evidence, ...at }];
}

export const check = defineCheck<Key>({
  id: 'x-xss-protection',
  title: 'X-XSS-Protection',
  category: 'headers',
  cwe: 'CWE-693',
  owasp: OWASP.misconfiguration,
  remediation: 'Remove the header, or send `X-XSS-Protection: 0`, and rely on a Content-Security-Policy against XSS.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/X-XSS-Protection', 'https://cheatsheetseries.owasp.org/cheatsheets/HTTP_Headers_Cheat_Sheet.html#x-xss-protection'],
  outcomes: {
    enabled: {
      severity: 'LOW',
      rationale: 'Only old browsers honour it, and there it can be abused for cross-site information leaks; modern browsers ignore it.',
      title: 'X-XSS-Protection enables the legacy XSS filter',
      description: 'The response sends X-XSS-Protection: {value}, which switches on the XSS auditor of old browsers; its blocking can be triggered by an attacker to leak information or break pages.',
    },
    invalid: {
      severity: 'INFO',
      rationale: 'An unreadable value is ignored; nothing is enabled, but the header shows a misunderstanding worth cleaning up.',
      title: 'Invalid X-XSS-Protection header',
      description: 'The response sends X-XSS-Protection: {value}; only 0 or 1 (with optional parameters) exist, so browsers ignore it.',
      confidence: 0.8,
    },
  },
  run: detect,
  docs: {
    summary: 'X-XSS-Protection controlled the XSS auditor of old Internet Explorer, Edge and Chrome versions. The auditor is gone from current browsers, and where it still runs, switching it on (`1` or `1; mode=block`) lets an attacker make it block or strip parts of a page at will, which leaked data across sites. Only `0` (or no header) is recommended; real XSS protection comes from Content-Security-Policy.',
    bad: [
      { note: 'The filter switched on in blocking mode.', expect: ['enabled'], headers: { 'x-xss-protection': '1; mode=block' } },
      { note: 'The filter switched on.', expect: ['enabled'], headers: { 'x-xss-protection': '1' } },
      { note: 'A made-up value.', expect: ['invalid'], headers: { 'x-xss-protection': 'on' } },
    ],
    good: [
      { note: 'The filter switched off.', headers: { 'x-xss-protection': '0' } },
      { note: 'No header.', headers: { 'content-type': 'application/json' } },
    ],
  },
});
