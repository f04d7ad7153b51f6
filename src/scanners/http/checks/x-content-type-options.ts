import { defineCheck, OWASP, type Outcome } from '../check.js';
import { commaItems, headerLines, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing' | 'invalid';

function detect(r: Retrieved): Outcome<Key>[] {
  const at = mainAt(r.main);
  // Fetch §3.5: browsers read the first comma-separated value only.
  const value = commaItems(r.main.headers, 'x-content-type-options')[0];
  if (value === undefined) return [{ key: 'missing', evidence: [], ...at }];
  if (value.toLowerCase() === 'nosniff') return [];
  return [{ key: 'invalid', facts: { value: value.slice(0, 60) }, evidence: headerLines(r.main.headers, 'x-content-type-options'), ...at }];
}

export const check = defineCheck<Key>({
  id: 'x-content-type-options',
  title: 'X-Content-Type-Options',
  category: 'headers',
  cwe: 'CWE-693',
  owasp: OWASP.misconfiguration,
  remediation: 'Send `X-Content-Type-Options: nosniff` on every response, together with an accurate Content-Type.',
  references: ['https://fetch.spec.whatwg.org/#x-content-type-options-header'],
  outcomes: {
    missing: {
      severity: 'LOW',
      rationale: 'Sniffing needs attacker-controlled content in a response and a missing or vague Content-Type; modern browsers sniff less than they did.',
      title: 'Missing X-Content-Type-Options header',
      description: 'Responses do not send X-Content-Type-Options: nosniff, so browsers may render content with attacker-controlled parts as HTML or script.',
    },
    invalid: {
      severity: 'LOW',
      rationale: 'An unrecognised value is ignored: the same exposure as a missing header.',
      title: 'Invalid X-Content-Type-Options header',
      description: 'X-Content-Type-Options is "{value}"; only nosniff has an effect, so browsers ignore it.',
    },
  },
  run: detect,
  docs: {
    summary: '`X-Content-Type-Options: nosniff` stops browsers from guessing a content type: a JSON or text response containing markup is then never run as HTML or script. APIs that echo user input need it most.',
    bad: [
      { note: 'Not sent.', expect: ['missing'], headers: { 'content-type': 'application/json' } },
      { note: 'A value browsers do not know.', expect: ['invalid'], headers: { 'x-content-type-options': 'no-sniff' } },
    ],
    good: [{ note: 'nosniff.', headers: { 'x-content-type-options': 'nosniff' } }],
  },
});
