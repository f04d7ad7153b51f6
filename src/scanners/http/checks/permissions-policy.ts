import { defineCheck, OWASP, type Outcome } from '../check.js';
import { has, headerLines, isDocument, mainAt, values } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key = 'missing' | 'missing-api' | 'feature-policy-only' | 'invalid';

/** Splits a structured-field list or dictionary on top-level commas (not inside strings or inner lists). */
function members(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((m) => m.trim());
}

const KEY = /^[a-z*][a-z0-9_\-.*]{0,63}$/;
const ITEM = /^(?:\*|self|src|"[^"\\]{0,200}")$/;

/** Why an allow-list is not one (RFC 8941 dictionary member of Permissions Policy §5.2), or undefined. */
function allowListProblem(raw: string): string | undefined {
  const value = raw.split(';')[0]?.trim() ?? '';
  if (ITEM.test(value)) return undefined;
  if (!value.startsWith('(') || !value.endsWith(')')) {
    return /^https?:\/\//.test(value) ? `origin ${value.slice(0, 60)} not in quotes` : `"${value.slice(0, 40)}" is not an allow-list`;
  }
  for (const item of value.slice(1, -1).trim().split(/ +/).filter(Boolean)) {
    if (ITEM.test(item)) continue;
    if (item === "'self'" || item === "'none'") return `${item} in Feature-Policy quotes`;
    return /^https?:\/\//.test(item) ? `origin ${item.slice(0, 60)} not in quotes` : `"${item.slice(0, 40)}" in an allow-list`;
  }
  return undefined;
}

/** The first syntax problem of a Permissions-Policy value, or undefined when browsers can read it all. */
export function permissionsPolicyProblem(text: string): string | undefined {
  for (const member of members(text)) {
    if (!member) return 'an empty member (stray comma)';
    const eq = member.indexOf('=');
    const key = (eq === -1 ? member : member.slice(0, eq)).trim();
    if (!KEY.test(key)) return /\s/.test(member) && eq === -1 ? `"${member.slice(0, 40)}" uses the Feature-Policy syntax` : `"${key.slice(0, 40)}" is not a feature name`;
    if (eq === -1) return `${key} without an allow-list`;
    const problem = allowListProblem(member.slice(eq + 1));
    if (problem !== undefined) return `${key}: ${problem}`;
  }
  return undefined;
}

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  if (has(h, 'permissions-policy')) {
    // One field: several headers are joined with commas before parsing (RFC 8941 §4.2).
    const problem = permissionsPolicyProblem(values(h, 'permissions-policy').join(', '));
    if (problem === undefined) return [];
    return [{ key: 'invalid', facts: { problem }, evidence: headerLines(h, 'permissions-policy'), ...at }];
  }
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
    invalid: {
      severity: 'LOW',
      rationale: 'A structured-field parse error makes browsers ignore the whole header, so none of the intended restrictions apply.',
      title: 'Invalid Permissions-Policy header',
      description: 'The Permissions-Policy header cannot be read as a structured-field dictionary ({problem}); browsers ignore the whole header or that feature\'s rule.',
      remediation: `Write the header in the structured-field syntax: \`feature=()\` to switch a feature off, \`feature=(self "https://other.example")\` to allow origins (quoted), e.g. \`${POLICY}\`.`,
    },
  },
  run: detect,
  docs: {
    summary: 'Permissions-Policy switches off powerful browser features (camera, microphone, geolocation, payment, USB …) for a document and the frames it embeds, so injected or third-party code cannot use them. The value is parsed as the structured-field dictionary the specification defines: a header in the old Feature-Policy syntax, or with unquoted origins, is ignored by browsers.',
    bad: [
      { note: 'A page without it.', expect: ['missing'], headers: { 'content-type': 'text/html' } },
      { note: 'An API without it.', expect: ['missing-api'], headers: { 'content-type': 'application/json' } },
      { note: 'The Feature-Policy syntax in the new header.', expect: ['invalid'], headers: { 'permissions-policy': "geolocation 'none'; camera 'none'" } },
      { note: 'An origin without quotes.', expect: ['invalid'], headers: { 'permissions-policy': 'geolocation=(self https://maps.example.com)' } },
      { note: 'The old header only.', expect: ['feature-policy-only'], headers: { 'feature-policy': "camera 'none'" } },
    ],
    good: [
      { note: 'Features switched off.', headers: { 'permissions-policy': POLICY } },
      { note: 'Quoted origins, self and a wildcard.', headers: { 'permissions-policy': 'geolocation=(self "https://maps.example.com"), fullscreen=*, camera=()' } },
    ],
  },
});
