import { defineCheck, OWASP, type Outcome } from '../check.js';
import { has, headerLines, isDocument, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing' | 'missing-api' | 'feature-policy-only';

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  if (has(h, 'permissions-policy')) return [];
  if (has(h, 'feature-policy')) return [{ key: 'feature-policy-only', evidence: headerLines(h, 'feature-policy'), ...at }];
  return [{ key: isDocument(r.main) ? 'missing' : 'missing-api', evidence: [], ...at }];
}

const POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export const check = defineCheck<Key>({
  id: 'permissions-policy',
  title: 'Permissions-Policy',
  category: 'headers',
  cwe: 'CWE-693',
  owasp: OWASP.misconfiguration,
  summary:
    'Permissions-Policy switches off powerful browser features (camera, microphone, geolocation, payment, USB …) for a document and the frames it embeds, so injected or third-party code cannot use them.',
  remediation: `Send \`Permissions-Policy: ${POLICY}\`, listing every feature the site does not use with an empty allow-list.`,
  references: ['https://www.w3.org/TR/permissions-policy/'],
  outcomes: {
    missing: {
      severity: 'LOW',
      rationale: 'Features still need a user prompt; the header narrows what injected or embedded code can ask for.',
      title: 'Missing Permissions-Policy header',
      description: 'The HTML response sends no Permissions-Policy, so it and the frames it embeds may request every browser feature.',
      confidence: 0.8,
    },
    'missing-api': {
      severity: 'INFO',
      rationale: 'Browser features matter only in documents; for an API response the header is hardening.',
      title: 'Missing Permissions-Policy header',
      description: 'The API response sends no Permissions-Policy; it matters only if the response is rendered as a document.',
      confidence: 0.7,
    },
    'feature-policy-only': {
      severity: 'INFO',
      rationale: 'Feature-Policy still works in some browsers but is deprecated and ignored by others.',
      title: 'Deprecated Feature-Policy without Permissions-Policy',
      description: 'Only the deprecated Feature-Policy header is sent; browsers that implement Permissions-Policy ignore it.',
      remediation: `Send the same rules as \`Permissions-Policy\` (new syntax: \`${POLICY}\`).`,
    },
  },
  run: detect,
  examples: {
    failing: [
      { note: 'A page without it.', expect: ['missing'], headers: { 'content-type': 'text/html' } },
      { note: 'An API without it.', expect: ['missing-api'], headers: { 'content-type': 'application/json' } },
      { note: 'The old header only.', expect: ['feature-policy-only'], headers: { 'feature-policy': "camera 'none'" } },
    ],
    passing: [{ note: 'Features switched off.', headers: { 'permissions-policy': POLICY } }],
  },
});
