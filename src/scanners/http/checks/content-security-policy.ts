import { defineCheck, OWASP, type Outcome } from '../check.js';
import { broadSource, hasKeyword, hasNonceOrHash, isPlainHttpSource, policies, type Policy, scriptSources } from '../csp.js';
import { has, headerLines, isDocument, isHttpsUrl, mainAt } from '../headers.js';
import type { Retrieved } from '../types.js';

type Key =
  | 'missing'
  | 'missing-api'
  | 'report-only'
  | 'unsafe-inline'
  | 'unsafe-eval'
  | 'broad-script-source'
  | 'missing-object-src'
  | 'missing-base-uri'
  | 'missing-frame-ancestors'
  | 'plain-http-source';

const NO_SCRIPT_RULE = '(no script-src or default-src)';

/** Each weakness, as a test on one policy returning the offending source (or a label), if any. */
const WEAKNESSES: readonly { key: Key; documentsOnly: boolean; test: (p: Policy) => string | undefined }[] = [
  {
    key: 'unsafe-inline',
    documentsOnly: false,
    test: (p) => {
      const s = scriptSources(p);
      return s && hasKeyword(s, 'unsafe-inline') && !hasNonceOrHash(s) ? "'unsafe-inline'" : undefined;
    },
  },
  { key: 'unsafe-eval', documentsOnly: false, test: (p) => (hasKeyword(scriptSources(p) ?? [], 'unsafe-eval') ? "'unsafe-eval'" : undefined) },
  {
    key: 'broad-script-source',
    documentsOnly: false,
    test: (p) => {
      const s = scriptSources(p);
      return s === undefined ? NO_SCRIPT_RULE : broadSource(s);
    },
  },
  { key: 'missing-object-src', documentsOnly: true, test: (p) => (p.has('object-src') || p.has('default-src') ? undefined : 'object-src') },
  { key: 'missing-base-uri', documentsOnly: true, test: (p) => (p.has('base-uri') ? undefined : 'base-uri') },
];

function detect(r: Retrieved): Outcome<Key>[] {
  const h = r.main.headers;
  const at = mainAt(r.main);
  const document = isDocument(r.main);
  const enforced = policies(h);
  const evidence = headerLines(h, 'content-security-policy', 'content-security-policy-report-only');
  if (enforced.length === 0) {
    if (!document) return [{ key: 'missing-api', evidence, ...at }];
    return [{ key: has(h, 'content-security-policy-report-only') ? 'report-only' : 'missing', evidence, ...at }];
  }
  const outcomes: Outcome<Key>[] = [];
  for (const weakness of WEAKNESSES) {
    if (weakness.documentsOnly && !document) continue;
    // Every enforced policy applies, so a weakness is real only when all of them have it.
    const found = enforced.map(weakness.test);
    if (found.every((f) => f !== undefined)) outcomes.push({ key: weakness.key, facts: { source: found[0] ?? '' }, evidence, ...at });
  }
  // On an https page an http: source invites mixed content (blocked or upgraded by browsers, or passive content in clear).
  if (isHttpsUrl(r.main.finalUrl)) {
    const plain = enforced.flatMap((p) => [...p.entries()].flatMap(([directive, sources]) => sources.filter(isPlainHttpSource).map((s) => `${directive} ${s}`)));
    if (plain.length > 0) outcomes.push({ key: 'plain-http-source', facts: { source: plain.slice(0, 3).join(', ') }, evidence, ...at });
  }
  const framingInCsp = enforced.some((p) => p.has('frame-ancestors'));
  if (!framingInCsp && has(h, 'x-frame-options')) outcomes.push({ key: 'missing-frame-ancestors', evidence, ...at });
  return outcomes;
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
const DOCUMENT_POLICY = "default-src 'self'; script-src 'self' 'nonce-<random>'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export const check = defineCheck<Key>({
  id: 'content-security-policy',
  title: 'Content-Security-Policy',
  category: 'headers',
  cwe: 'CWE-693',
  owasp: OWASP.misconfiguration,
  remediation: `Send an enforced Content-Security-Policy. For API responses: \`${API_POLICY}\`. For pages: start from \`${DOCUMENT_POLICY}\` and allow only the origins you load from, using nonces or hashes instead of 'unsafe-inline'.`,
  references: ['https://www.w3.org/TR/CSP3/', 'https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP'],
  outcomes: {
    missing: {
      severity: 'MEDIUM',
      rationale: 'Without a policy any injected script runs; the header is the main defence-in-depth against XSS in documents.',
      title: 'Missing Content-Security-Policy header',
      description: 'The HTML response has no Content-Security-Policy, so any script injected into it runs with the page\'s privileges.',
    },
    'missing-api': {
      severity: 'LOW',
      rationale: 'A non-HTML response only becomes a document if a browser is made to render it, so the policy is defence in depth.',
      title: 'Missing Content-Security-Policy header',
      description: 'The API response has no enforced Content-Security-Policy. If it is ever rendered as a document (a sniffed or misconfigured content type), injected markup runs unrestricted.',
      remediation: `Send \`Content-Security-Policy: ${API_POLICY}\` on every API response.`,
    },
    'report-only': {
      severity: 'MEDIUM',
      rationale: 'A report-only policy blocks nothing: the exposure is that of a missing policy.',
      title: 'Content-Security-Policy is report-only',
      description: 'Only Content-Security-Policy-Report-Only is sent: violations are reported but nothing is blocked.',
      remediation: 'Once the reports are clean, send the same policy as Content-Security-Policy (keep the report-only header for trying out changes).',
    },
    'unsafe-inline': {
      severity: 'MEDIUM',
      rationale: "'unsafe-inline' lets injected inline scripts and event handlers run, which is most of what a CSP is for.",
      title: "Content-Security-Policy allows 'unsafe-inline' scripts",
      description: "The script sources allow {source} without a nonce or hash, so injected inline scripts run.",
      remediation: "Replace 'unsafe-inline' with nonces or hashes for the inline scripts you need ('strict-dynamic' for loaders).",
    },
    'unsafe-eval': {
      severity: 'LOW',
      rationale: "Needs an injection into code that already reaches eval-like sinks; narrower than 'unsafe-inline'.",
      title: "Content-Security-Policy allows 'unsafe-eval'",
      description: "The script sources allow 'unsafe-eval': strings can be run as code (eval, new Function, string timers).",
      remediation: "Remove 'unsafe-eval'; replace eval-like calls (often from template engines or old libraries) with code that does not build code from strings.",
    },
    'broad-script-source': {
      severity: 'MEDIUM',
      rationale: 'Anyone can host a script at a wildcard or bare-scheme source, so the policy does not stop an injected <script src>.',
      title: 'Content-Security-Policy allows scripts from anywhere',
      description: 'The script sources include {source}, which any attacker can serve scripts from.',
      remediation: "List the exact script origins, or use nonces with 'strict-dynamic'; never `*`, `https:`, `http:` or `data:` in script-src (or default-src without script-src).",
    },
    'missing-object-src': {
      severity: 'LOW',
      rationale: 'Plugin content is rare in current browsers; the gap matters only with an injection and an old plugin.',
      title: 'Content-Security-Policy without object-src',
      description: 'Neither object-src nor default-src restricts <object> and <embed>, which can run plugin content.',
      remediation: "Add `object-src 'none'`.",
    },
    'missing-base-uri': {
      severity: 'LOW',
      rationale: 'Needs an HTML injection; then a <base> tag re-points relative script URLs, bypassing nonce-based policies.',
      title: 'Content-Security-Policy without base-uri',
      description: 'base-uri is not restricted (it does not fall back to default-src): an injected <base> tag can redirect relative URLs.',
      remediation: "Add `base-uri 'none'` (or 'self').",
    },
    'missing-frame-ancestors': {
      severity: 'INFO',
      rationale: 'X-Frame-Options still protects; frame-ancestors is the standard replacement and supports allow-lists.',
      title: 'Content-Security-Policy without frame-ancestors',
      description: 'Framing is controlled only by X-Frame-Options; the policy has no frame-ancestors directive.',
      remediation: "Add `frame-ancestors 'none'` (or the origins allowed to frame the page) to the policy.",
      confidence: 0.8,
    },
    'plain-http-source': {
      severity: 'LOW',
      rationale: 'Browsers block or upgrade active mixed content, but passive content (images, media) still loads in clear and can be changed on the path; the policy invites it.',
      title: 'Content-Security-Policy allows plain-http sources',
      description: 'The policy of this https response allows loading over plain http ({source}): mixed content that an on-path attacker can read or replace.',
      remediation: 'Replace `http:` and `http://…` sources with their `https://` form, and add `upgrade-insecure-requests` while migrating.',
      cwe: 'CWE-319',
      owasp: [...OWASP.cryptography, ...OWASP.misconfiguration],
      confidence: 0.8,
    },
  },
  run: detect,
  docs: {
    summary: 'A Content-Security-Policy limits where scripts, plugins and frames may come from, so an injection (XSS) cannot run attacker code. Pages need a real policy; JSON APIs need the short one that forbids everything, in case a response is ever rendered as a document. When several policies are enforced, browsers apply all of them, so a weakness counts only if every policy has it.',
    bad: [
      { note: 'An HTML page with no policy.', expect: ['missing'], headers: { 'content-type': 'text/html; charset=utf-8' } },
      { note: 'A JSON API with no policy.', expect: ['missing-api'], headers: { 'content-type': 'application/json' } },
      {
        note: 'Report-only on a page.',
        expect: ['report-only'],
        headers: { 'content-type': 'text/html', 'content-security-policy-report-only': "default-src 'self'" },
      },
      {
        note: 'Inline and eval allowed; https: allows any host; no base-uri.',
        expect: ['unsafe-inline', 'unsafe-eval', 'broad-script-source', 'missing-base-uri'],
        headers: { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval' https:" },
      },
      {
        note: 'A policy that restricts only images.',
        expect: ['broad-script-source', 'missing-object-src'],
        headers: { 'content-type': 'text/html', 'content-security-policy': "img-src 'self'; base-uri 'none'; frame-ancestors 'none'" },
      },
      {
        note: 'Framing left to X-Frame-Options.',
        expect: ['missing-frame-ancestors'],
        headers: { 'content-type': 'application/json', 'content-security-policy': "default-src 'none'", 'x-frame-options': 'DENY' },
      },
      {
        note: 'Images allowed over plain http on an https page.',
        expect: ['plain-http-source'],
        headers: { 'content-type': 'application/json', 'content-security-policy': "default-src 'none'; img-src http://cdn.example.com; frame-ancestors 'none'" },
      },
    ],
    good: [
      { note: 'The API policy.', headers: { 'content-type': 'application/json', 'content-security-policy': API_POLICY } },
      {
        note: "A page policy with nonces ('unsafe-inline' is ignored next to a nonce, as a fallback for old browsers).",
        headers: {
          'content-type': 'text/html',
          'content-security-policy': "default-src 'self'; script-src 'nonce-r4nd0m' 'strict-dynamic' 'unsafe-inline' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
        },
      },
    ],
  },
});
