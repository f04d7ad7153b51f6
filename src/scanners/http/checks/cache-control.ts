import { defineCheck, OWASP, type Outcome } from '../check.js';
import { looksPersonal, setCookies } from '../cookies.js';
import { commaItems, headerLines, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'shared-cache-sets-cookie' | 'storable-personal';

interface Directives {
  readonly noStore: boolean;
  readonly private: boolean;
  readonly sharedCacheable: string | undefined;
}

/** The Cache-Control directives that decide whether a shared cache may keep the response. */
export function cacheDirectives(items: readonly string[]): Directives {
  let noStore = false;
  let isPrivate = false;
  let sharedCacheable: string | undefined;
  for (const item of items) {
    const [rawName, rawValue] = item.split('=', 2);
    const name = (rawName ?? '').trim().toLowerCase();
    const value = (rawValue ?? '').trim().replace(/^"|"$/g, '');
    if (name === 'no-store') noStore = true;
    else if (name === 'private') isPrivate = true;
    else if (name === 'public') sharedCacheable = 'public';
    else if (name === 's-maxage' && /^\d{1,12}$/.test(value) && Number(value) > 0) sharedCacheable = `s-maxage=${value}`;
  }
  return { noStore, private: isPrivate, sharedCacheable };
}

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  if (r.main.status >= 400) return [];
  const personal = looksPersonal(r.main);
  if (personal === undefined) return [];
  const directives = cacheDirectives(commaItems(h, 'cache-control'));
  if (directives.noStore || directives.private) return [];
  const evidence = [...headerLines(h, 'cache-control', 'vary'), ...setCookies(h).map((c) => c.line)];
  const cookie = setCookies(h).find((c) => !c.deletion);
  if (cookie && directives.sharedCacheable !== undefined) {
    return [{ key: 'shared-cache-sets-cookie', facts: { name: cookie.name, directive: directives.sharedCacheable }, evidence, ...at }];
  }
  return [{ key: 'storable-personal', facts: { reason: personal }, evidence, ...at }];
}

export const check = defineCheck<Key>({
  id: 'cache-control',
  title: 'Caching of personal responses',
  category: 'headers',
  cwe: 'CWE-524',
  owasp: OWASP.misconfiguration,
  remediation: 'Send `Cache-Control: no-store` on responses that set cookies or carry user data (or `private, no-cache` where browser caching is wanted), and never `public` or `s-maxage` on them.',
  references: ['https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2', 'https://owasp.org/www-community/attacks/Web_Cache_Deception'],
  outcomes: {
    'shared-cache-sets-cookie': {
      severity: 'MEDIUM',
      rationale: 'Explicitly cacheable by shared caches while setting a cookie: a CDN may serve one user\'s cookie to others.',
      title: 'Response setting cookie {name} is cacheable by shared caches',
      description: 'The response sets the cookie {name} and allows shared caches to store it ({directive}); a CDN or proxy may hand the same Set-Cookie to other users.',
    },
    'storable-personal': {
      severity: 'LOW',
      rationale: 'Caches usually do not store such responses without an explicit directive, but nothing forbids it; depends on the cache in front.',
      title: 'Personal response without Cache-Control: no-store',
      description: 'The response {reason} but does not forbid storage (no `no-store` or `private`), so caches between client and server may keep it.',
      confidence: 0.6,
    },
  },
  run: detect,
  docs: {
    summary: 'A response that sets a cookie, or varies on Cookie or Authorization, is tied to one user. If Cache-Control lets shared caches (CDNs, corporate proxies) keep it, the next user may receive it, cookie included. Scanned without credentials, so this sees only what an anonymous request returns; error responses are skipped.',
    bad: [
      {
        note: 'A public, cacheable response that starts a session.',
        expect: ['shared-cache-sets-cookie'],
        headers: { 'cache-control': 'public, max-age=600', 'set-cookie': 'sid=3f9c2b; Secure; HttpOnly; SameSite=Lax' },
      },
      { note: 'Varies on Authorization, cacheable.', expect: ['storable-personal'], headers: { 'cache-control': 'max-age=60', vary: 'Authorization' } },
    ],
    good: [
      { note: 'no-store.', headers: { 'cache-control': 'no-store', 'set-cookie': 'sid=3f9c2b; Secure; HttpOnly; SameSite=Lax' } },
      { note: 'A public response without user data.', headers: { 'cache-control': 'public, max-age=600' } },
    ],
  },
});
