import { defineCheck, OWASP, type Outcome } from '../check.js';
import { allowsCredentials, anyTrusted, probeOutcome, responseOf, trustedProbes } from '../cors.js';
import { PROBE_LABELS } from '../origins.js';
import type { ProbeKind, Retrieved } from '../types.js';

type Key = 'bypass-credentials' | 'bypass' | 'subdomain-credentials' | 'subdomain';

/** Probe kinds that reveal a broken origin comparison, in report order. */
const BYPASS_KINDS: readonly ProbeKind[] = ['prefix', 'suffix', 'unescaped-dot', 'special-char'];

function detect(r: Retrieved): Outcome<Key>[] {
  // Reflection of every origin explains all of these; cors-origin-reflection reports it once.
  if (anyTrusted(r, 'arbitrary')) return [];
  const outcomes: Outcome<Key>[] = [];
  for (const kind of [...BYPASS_KINDS, 'sibling' as const]) {
    // An unanchored match already lets <host>.evil-vigil.example in: the special characters add nothing.
    if (kind === 'special-char' && anyTrusted(r, 'prefix')) continue;
    // evil<host> is itself a subdomain of the parent when the host has one: trusting every subdomain explains it.
    if (kind === 'suffix' && anyTrusted(r, 'sibling')) continue;
    const best = trustedProbes(r, kind)[0];
    const response = best && responseOf(best);
    if (best === undefined || response === undefined) continue;
    const credentials = allowsCredentials(response);
    const key: Key = kind === 'sibling' ? (credentials ? 'subdomain-credentials' : 'subdomain') : credentials ? 'bypass-credentials' : 'bypass';
    outcomes.push(probeOutcome(r, key, best, { subject: kind, facts: { kind: PROBE_LABELS[kind] } }));
  }
  return outcomes;
}

export const check = defineCheck<Key>({
  id: 'cors-origin-validation-bypass',
  title: 'CORS: origin check bypassable',
  category: 'cors',
  cwe: 'CWE-942',
  owasp: [...OWASP.accessControl, ...OWASP.misconfiguration],
  remediation:
    'Compare the whole Origin with a set of exact origins (`allowed.has(origin)`), not with startsWith, endsWith, includes or an unanchored regex. If subdomains must be trusted, parse the origin with a URL parser and require `hostname === parent || hostname.endsWith("." + parent)` over https, and make sure no subdomain can be taken over or host user content.',
  references: ['https://portswigger.net/research/exploiting-cors-misconfigurations-for-bitcoins-and-bounties', 'https://github.com/s0md3v/Corsy'],
  outcomes: {
    'bypass-credentials': {
      severity: 'HIGH',
      rationale: 'An attacker registers a matching domain for a few dollars and then reads the data of every logged-in user who visits it.',
      title: 'CORS origin check bypassed with credentials',
      description: 'The {method} probe with Origin {origin} ({kind}) was trusted with credentials: a site at such a domain can read responses with the visiting user\'s cookies.',
      confidence: 0.95,
    },
    bypass: {
      severity: 'MEDIUM',
      rationale: 'The check is broken, but without credentials only anonymous responses leak.',
      title: 'CORS origin check bypassed',
      description: 'The {method} probe with Origin {origin} ({kind}) was trusted: a site at such a domain can read responses (without credentials).',
      confidence: 0.95,
    },
    'subdomain-credentials': {
      severity: 'MEDIUM',
      rationale: 'Exploiting it needs control of a subdomain (an XSS, a takeover, user-hosted content), but then yields users\' data.',
      title: 'CORS trusts every subdomain with credentials',
      description: 'The {method} probe with Origin {origin} ({kind}) was trusted with credentials: any subdomain, including a forgotten or taken-over one, can read responses with users\' cookies.',
      confidence: 0.85,
    },
    subdomain: {
      severity: 'LOW',
      rationale: 'Needs control of a subdomain, and yields only anonymous responses.',
      title: 'CORS trusts every subdomain',
      description: 'The {method} probe with Origin {origin} ({kind}) was trusted: any subdomain can read responses (without credentials).',
      confidence: 0.85,
    },
  },
  run: detect,
  docs: {
    summary: 'When the server does check the Origin, the scan tries origins an attacker can register that slip past common mistakes: the target host as a prefix (`https://api.example.com.evil-vigil.example`: startsWith or a regex without `$`), as a suffix (`https://evilapi.example.com`: endsWith without a leading dot), with a dot replaced by a letter (`https://apixexample.com`: an unescaped `.` in a regex), followed by `_`, a backtick or `!` and another domain (parsers that end the host early; Safari sends such origins), and a sibling subdomain (`https://vigil-probe.example.com`: every subdomain trusted). One finding per kind of mistake.',
    bad: [
      {
        note: 'startsWith("api.example.com"), with credentials.',
        expect: ['bypass-credentials'],
        probes: [{ kind: 'prefix', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true' } }],
      },
      { note: 'endsWith("api.example.com").', expect: ['bypass'], probes: [{ kind: 'suffix', method: 'GET', headers: { 'access-control-allow-origin': '{origin}' } }] },
      { note: 'A regex with an unescaped dot.', expect: ['bypass'], probes: [{ kind: 'unescaped-dot', method: 'OPTIONS', headers: { 'access-control-allow-origin': '{origin}' } }] },
      { note: 'A host followed by an underscore.', expect: ['bypass'], probes: [{ kind: 'special-char', method: 'GET', headers: { 'access-control-allow-origin': '{origin}' } }] },
      {
        note: 'Every subdomain, with credentials.',
        expect: ['subdomain-credentials'],
        probes: [{ kind: 'sibling', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', 'access-control-allow-credentials': 'true' } }],
      },
      { note: 'Every subdomain.', expect: ['subdomain'], probes: [{ kind: 'sibling', method: 'GET', headers: { 'access-control-allow-origin': '{origin}' } }] },
    ],
    good: [
      {
        note: 'An exact allow-list.',
        probes: [
          { kind: 'control', method: 'GET', headers: { 'access-control-allow-origin': '{origin}', vary: 'Origin' } },
          { kind: 'prefix', method: 'GET', headers: { vary: 'Origin' } },
          { kind: 'suffix', method: 'GET', headers: { vary: 'Origin' } },
          { kind: 'unescaped-dot', method: 'GET', headers: { vary: 'Origin' } },
        ],
      },
    ],
  },
});
