import { isIP } from 'node:net';
import { defineCheck, OWASP, type Outcome } from '../check.js';
import { looksLikeSession, type SetCookie, setCookies } from '../cookies.js';
import { isHttpsUrl, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'host-prefix' | 'secure-prefix' | 'broad-domain';

/** RFC 6265bis §4.1.3: what a `__Host-` cookie breaks (browsers then refuse to store it). */
export function hostPrefixProblems(cookie: SetCookie, https: boolean): string[] {
  const problems: string[] = [];
  if (!https) problems.push('set over plain http');
  if (!cookie.secure) problems.push('no Secure');
  if (cookie.domain !== undefined) problems.push(`Domain=${cookie.domain}`);
  if (cookie.path !== '/') problems.push(cookie.path === undefined ? 'no Path=/' : `Path=${cookie.path}`);
  return problems;
}

function detect(r: Retrieved): Outcome<Key>[] {
  const at = mainAt(r.main);
  const host = new URL(r.main.finalUrl).hostname.toLowerCase();
  // Prefixed cookies are accepted only from secure origins (RFC 6265bis §5.7 steps on __Secure- and __Host-).
  const https = isHttpsUrl(r.main.finalUrl);
  const outcomes: Outcome<Key>[] = [];
  for (const cookie of setCookies(r.main.headers)) {
    if (cookie.deletion) continue;
    // Prefixes are matched case-insensitively since RFC 6265bis-14.
    const lower = cookie.name.toLowerCase();
    if (lower.startsWith('__host-')) {
      const problems = hostPrefixProblems(cookie, https);
      if (problems.length > 0) outcomes.push({ key: 'host-prefix', subject: cookie.name, facts: { name: cookie.name, problems: problems.join(', ') }, evidence: [cookie.line], ...at });
    } else if (lower.startsWith('__secure-') && (!cookie.secure || !https)) {
      outcomes.push({ key: 'secure-prefix', subject: cookie.name, facts: { name: cookie.name }, evidence: [cookie.line], ...at });
    }
    // Domain widens a cookie from this host to every subdomain of the named domain.
    const domain = cookie.domain;
    if (domain === undefined || domain === host || isIP(host) !== 0 || !looksLikeSession(cookie.name)) continue;
    outcomes.push({ key: 'broad-domain', subject: cookie.name, facts: { name: cookie.name, domain, host }, evidence: [cookie.line], ...at });
  }
  return outcomes;
}

export const check = defineCheck<Key>({
  id: 'cookie-scope',
  title: 'Cookie prefixes and Domain scope',
  category: 'headers',
  cwe: 'CWE-565',
  owasp: OWASP.misconfiguration,
  remediation:
    'Name session cookies `__Host-…` and set them with `Secure; HttpOnly; SameSite=Lax; Path=/` and no `Domain`, so they stay on the host that set them.',
  references: ['https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Set-Cookie#cookie_prefixes', 'https://httpwg.org/http-extensions/draft-ietf-httpbis-rfc6265bis.html#name-cookie-name-prefixes'],
  outcomes: {
    'host-prefix': {
      severity: 'LOW',
      rationale: 'Browsers refuse the cookie, so nothing leaks; the protection its name promises does not exist and the feature using it breaks.',
      title: 'Cookie {name} breaks the __Host- prefix rules',
      description: 'The cookie {name} uses the __Host- prefix but is set with {problems}; browsers refuse to store it (the prefix requires Secure, Path=/ and no Domain).',
    },
    'secure-prefix': {
      severity: 'LOW',
      rationale: 'Browsers refuse the cookie; the promised protection is absent.',
      title: 'Cookie {name} breaks the __Secure- prefix rules',
      description: 'The cookie {name} uses the __Secure- prefix but is set without Secure or over plain http; browsers refuse to store it.',
    },
    'broad-domain': {
      severity: 'LOW',
      rationale: 'Exploiting it needs control of some subdomain, then the session cookie is read or overwritten (session fixation).',
      title: 'Session cookie {name} shared with every subdomain of {domain}',
      description: 'The cookie {name}, by its name a session or authentication cookie, is set by {host} with Domain={domain}, so browsers send it to every subdomain of {domain}, and any of them can overwrite it.',
      confidence: 0.8,
    },
  },
  run: detect,
  docs: {
    summary: 'Cookie name prefixes are promises the browser enforces: a `__Secure-` cookie must carry `Secure`, a `__Host-` cookie must carry `Secure` and `Path=/` and no `Domain`, and both must come from an https response; a cookie that breaks them is refused by the browser, so the login or feature built on it silently fails (or was never protected). A session cookie with a `Domain` attribute is sent to every subdomain of that domain, so any subdomain (a forgotten one, one serving user content, one taken over) receives it and can overwrite it.',
    bad: [
      { note: 'A __Host- cookie with a Domain.', expect: ['host-prefix'], headers: { 'set-cookie': '__Host-sid=3f9c2b; Path=/; Secure; HttpOnly; SameSite=Lax; Domain=api.example.com' } },
      { note: 'A __Secure- cookie without Secure.', expect: ['secure-prefix'], headers: { 'set-cookie': '__Secure-token=3f9c2b; Path=/; HttpOnly; SameSite=Lax' } },
      { note: 'A session cookie for the whole parent domain.', expect: ['broad-domain'], headers: { 'set-cookie': 'session=3f9c2b; Path=/; Secure; HttpOnly; SameSite=Lax; Domain=.example.com' } },
    ],
    good: [
      { note: 'A host-only __Host- session cookie.', headers: { 'set-cookie': '__Host-sid=3f9c2b; Path=/; Secure; HttpOnly; SameSite=Lax' } },
      { note: 'A preference cookie shared across subdomains.', headers: { 'set-cookie': 'theme=dark; Path=/; Secure; SameSite=Lax; Domain=example.com' } },
    ],
  },
});
