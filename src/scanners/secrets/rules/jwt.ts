import { defineRule, TITLES } from '../rule.js';

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * JSON Web Tokens, checked structurally: the header decodes to a JSON object
 * with an `alg`, the payload to a JSON object, and a signature is present
 * unless the algorithm is `none`.
 */
export default defineRule({
  id: 'jwt',
  title: TITLES.jwt,
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['eyj'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>eyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{4,8000}\.[A-Za-z0-9_-]{0,2000})(?![A-Za-z0-9_.-])/,
  validate: (secret) => {
    const [header, payload, signature = ''] = secret.split('.');
    const h = decodeJson(header ?? '');
    if (!isObject(h) || typeof h.alg !== 'string') return false;
    if (!isObject(decodeJson(payload ?? ''))) return false;
    return h.alg.toLowerCase() === 'none' || signature.length >= 16;
  },
  description:
    'A signed JSON Web Token is committed. Until it expires (many never do) it authenticates whoever presents it, with the claims it carries.',
  remediation:
    'Invalidate the token (rotate the signing key or revoke the session it belongs to), issue tokens at run time instead of committing them, and prefer short expiry times. Remove it from git history.',
  references: ['https://www.rfc-editor.org/rfc/rfc7519'],
  docs: {
    summary: 'JSON Web Tokens whose header and payload decode to JSON objects.',
    bad: [
      'Authorization: Bearer eyJhbGciOiJIUzI1' + 'NiIsInR5cCI6IkpXVCJ9' +
        '.' +
        'eyJzdWIiOiJ1c2VyLTQyIiwicm9sZSI6ImFkbWluIiwiaWF0IjoxNzAwMDAwMDAwfQ.3q9Xv7Lk2Pw8Rt5Yn1Hc4Jd6Ks0Ma9Qe2Ux5Wb7Nz3',
    ],
    good: ['const token = "eyJhbGciOiJIUzI1NiJ9' + '.notjson.abc";', 'eyJ0ZXN0IjoxfQ'],
  },
});
