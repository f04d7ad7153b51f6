import { defineCheck, OWASP, type Outcome } from '../check.js';
import { looksLikeSession, type SetCookie, setCookies } from '../cookies.js';
import { isHttpsUrl, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'session-cookie' | 'cookie' | 'samesite' | 'samesite-invalid';

const SAMESITE_VALUES = new Set(['strict', 'lax', 'none']);

/** The protective attributes a cookie lacks. Secure is expected only where https is in use. */
export function missingAttributes(cookie: SetCookie, https: boolean): string[] {
  const missing: string[] = [];
  const sameSiteNone = cookie.sameSite === 'none';
  if (!cookie.secure && (https || sameSiteNone)) missing.push('Secure');
  if (!cookie.httpOnly) missing.push('HttpOnly');
  // An unknown SameSite value is its own outcome (samesite-invalid), not a missing attribute.
  if (cookie.sameSite === undefined) missing.push('SameSite');
  return missing;
}

function detect(r: Retrieved): Outcome<Key>[] {
  const at = mainAt(r.main);
  const https = isHttpsUrl(r.main.finalUrl);
  const outcomes: Outcome<Key>[] = [];
  for (const cookie of setCookies(r.main.headers)) {
    if (cookie.deletion) continue;
    if (cookie.sameSite !== undefined && !SAMESITE_VALUES.has(cookie.sameSite)) {
      const value = cookie.sameSite.slice(0, 40) || '(empty)';
      outcomes.push({ key: 'samesite-invalid', subject: cookie.name, facts: { name: cookie.name, value }, evidence: [cookie.line], ...at });
    }
    const missing = missingAttributes(cookie, https);
    if (missing.length === 0) continue;
    const serious = missing.includes('Secure') || missing.includes('HttpOnly');
    const key: Key = !serious ? 'samesite' : looksLikeSession(cookie.name) ? 'session-cookie' : 'cookie';
    outcomes.push({ key, subject: cookie.name, facts: { name: cookie.name, missing: missing.join(', ') }, evidence: [cookie.line], ...at });
  }
  return outcomes;
}

export const check = defineCheck<Key>({
  id: 'cookie-attributes',
  title: 'Cookie attributes (Secure, HttpOnly, SameSite)',
  category: 'headers',
  cwe: 'CWE-614',
  owasp: OWASP.misconfiguration,
  remediation: 'Set the cookie with `Secure; HttpOnly; SameSite=Lax` (or Strict), and a `__Host-` name prefix for session cookies. Leave HttpOnly off only for a cookie scripts must read, such as a CSRF double-submit token.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/Cookies#restrict_access_to_cookies', 'https://httpwg.org/http-extensions/draft-ietf-httpbis-rfc6265bis.html'],
  outcomes: {
    'session-cookie': {
      severity: 'MEDIUM',
      rationale: 'A session cookie readable by an XSS, or sent in clear text, hands over the account; it still needs an XSS or a network attacker.',
      title: 'Session cookie {name} without {missing}',
      description: 'The cookie {name}, by its name a session or authentication cookie, is set without {missing}.',
      cwe: 'CWE-1004',
      owasp: [...OWASP.misconfiguration, ...OWASP.authentication],
    },
    cookie: {
      severity: 'LOW',
      rationale: 'The cookie does not look like a credential; exposure depends on what it holds.',
      title: 'Cookie {name} without {missing}',
      description: 'The cookie {name} is set without {missing}.',
      confidence: 0.8,
    },
    samesite: {
      severity: 'LOW',
      rationale: 'Chromium defaults to Lax, but other browsers send the cookie on cross-site requests, which enables CSRF.',
      title: 'Cookie {name} without SameSite',
      description: 'The cookie {name} has no valid SameSite attribute, so some browsers send it on requests from other sites (CSRF).',
      remediation: 'Add `SameSite=Lax` (or Strict); use `SameSite=None; Secure` only for cookies that must travel in cross-site requests.',
      cwe: 'CWE-1275',
      confidence: 0.8,
    },
    'samesite-invalid': {
      severity: 'LOW',
      rationale: 'Browsers ignore an unknown SameSite value and fall back to their default (Lax in Chromium, None elsewhere): the intended restriction is lost silently.',
      title: 'Cookie {name} has an invalid SameSite value',
      description: 'The cookie {name} is set with SameSite={value}; only Strict, Lax and None exist (RFC 6265bis §5.6.7), so browsers ignore the attribute and apply their default.',
      remediation: 'Write `SameSite=Lax`, `SameSite=Strict` or `SameSite=None; Secure`, spelled exactly so.',
      cwe: 'CWE-1275',
    },
  },
  run: detect,
  docs: {
    summary: 'Every cookie the response sets is checked for `Secure` (never sent over plain http; expected on https sites and required with SameSite=None), `HttpOnly` (not readable by scripts, so an XSS cannot steal it) and `SameSite` (not sent on cross-site requests, a CSRF defence). One finding per cookie, naming it and what it lacks; cookies being deleted (Max-Age=0) are skipped. Cookies whose names look like sessions or tokens rank higher. Evidence never shows cookie values.',
    bad: [
      { note: 'A session cookie without any protection.', expect: ['session-cookie'], headers: { 'set-cookie': 'sessionid=3f9c2b; Path=/' } },
      { note: 'A preference cookie readable by scripts.', expect: ['cookie'], headers: { 'set-cookie': 'theme=dark; Path=/; Secure; SameSite=Lax' } },
      { note: 'A misspelt SameSite value.', expect: ['samesite-invalid'], headers: { 'set-cookie': 'sid=3f9c2b; Path=/; Secure; HttpOnly; SameSite=Normal' } },
      { note: 'A protected cookie without SameSite.', expect: ['samesite'], headers: { 'set-cookie': 'sid=3f9c2b; Path=/; Secure; HttpOnly' } },
    ],
    good: [
      {
        note: 'Fully protected, and a deletion.',
        headers: { 'set-cookie': ['__Host-sid=3f9c2b; Path=/; Secure; HttpOnly; SameSite=Lax', 'old=; Max-Age=0; Path=/'] },
      },
      { note: 'Over plain http, Secure cannot be expected (https-enforcement reports the transport).', target: 'http://api.example.com/', headers: { 'set-cookie': 'sid=3f9c2b; HttpOnly; SameSite=Strict' } },
    ],
  },
});
