/**
 * What docs/rules/api.md adds to the shared renderer (../docs.ts): the intro
 * and severity scale, the outcome tables, and the examples shown as the
 * responses they are run on. A test compares the committed page with the generated one.
 */
import { SEVERITY_RANK } from '../../core/findings.js';
import { baseFacts, cell, fence, idColumn, type RulePage } from '../docs.js';
import type { CheckExample, FailingExample, HttpCheck } from './check.js';
import { exampleToRetrieved } from './examples.js';
import { headerLines } from './headers.js';
import type { Endpoint, HeaderMap, ObservedResponse } from './types.js';

const SEVERITY_SCALE = [
  '| Severity | Meaning for an API scan |',
  '|---|---|',
  '| CRITICAL | Any website can read and change logged-in users\' data, with no precondition beyond a visit. |',
  '| HIGH | Any website, or anyone on the network path, can read users\' data or credentials without further weaknesses. |',
  '| MEDIUM | A missing defence that is the main line against a common attack (XSS, clickjacking, downgrade), or an exposure that needs one extra condition (a network position, a registered domain, no credentials involved). |',
  '| LOW | Defence in depth, or an exposure that needs an unusual setup or a second weakness. |',
  '| INFO | Hardening advice and facts worth knowing; nothing exploitable by itself. |',
];

function responseBlock(title: string, status: number, headers: HeaderMap): string[] {
  const names = Object.keys(headers);
  return [`${title} → ${status}`, ...headerLines(headers, ...names)];
}

function bodyLines(response: ObservedResponse): string[] {
  const text = response.body?.text;
  return text === undefined ? [] : ['', text.length > 300 ? `${text.slice(0, 300)}…` : text];
}

function declared(endpoint: Endpoint): string {
  if (endpoint.source === 'paths') return '(listed in paths)';
  const schemes = endpoint.schemes?.length ? ` (${endpoint.schemes.join(', ')})` : '';
  const example = endpoint.objectLevel === true ? ', path parameters filled with the document\'s example' : '';
  return `(openapi_url documents GET ${endpoint.template ?? ''}, security ${endpoint.security}${schemes}${example})`;
}

function exampleText(example: CheckExample): string {
  const r = exampleToRetrieved(example);
  // An example about paths alone does not show the base URL's (empty) answer.
  const pathsOnly = example.paths !== undefined && example.headers === undefined && example.body === undefined;
  const lines = pathsOnly ? [] : responseBlock(`GET ${r.main.url}`, r.main.status, r.main.headers);
  if (!pathsOnly && r.main.finalUrl !== r.main.url) lines.push(`(redirects ended at ${r.main.finalUrl})`);
  if (!pathsOnly) lines.push(...bodyLines(r.main));
  const variant = r.httpVariant;
  if (variant && example.http !== undefined) {
    lines.push('');
    if (!variant.first.ok) lines.push(`GET ${variant.first.url} → connection refused`);
    else lines.push(...responseBlock(`GET ${variant.first.response.url}`, variant.first.response.status, variant.first.response.headers));
    if (variant.followed?.ok) {
      const end: ObservedResponse = variant.followed.response;
      lines.push(...responseBlock(`(following redirects) GET ${end.finalUrl}`, end.status, end.headers));
    }
  }
  for (const probe of r.probes) {
    if (!probe.exchange.ok) continue;
    const response = probe.exchange.response;
    lines.push('', ...responseBlock(`${probe.method} ${response.url} with Origin: ${probe.origin}`, response.status, response.headers));
  }
  for (const path of r.paths ?? []) {
    if (lines.length > 0) lines.push('');
    lines.push(declared(path.endpoint), ...responseBlock(`GET ${path.url}`, path.status, path.headers), ...bodyLines(path));
  }
  return fence('text', lines.join('\n'));
}

/** The outcome table: each outcome's severity, title and why; the CWE and OWASP ids when some outcome cites others. */
function outcomeTable(check: HttpCheck): string[] {
  const overrides = Object.values(check.outcomes).some((p) => p.cwe !== undefined || p.owasp !== undefined);
  const lines = [
    overrides ? '| Outcome | Severity | Finding title | Why this severity | CWE, OWASP |' : '| Outcome | Severity | Finding title | Why this severity |',
    overrides ? '|---|---|---|---|---|' : '|---|---|---|---|',
  ];
  for (const [key, policy] of Object.entries(check.outcomes)) {
    const cited = overrides ? ` ${[policy.cwe ?? check.cwe, ...(policy.owasp ?? check.owasp)].join(', ')} |` : '';
    lines.push(`| \`${key}\` | ${policy.severity} | ${cell(policy.title)} | ${cell(policy.rationale)} |${cited}`);
  }
  return [...lines, ''];
}

function severities(check: HttpCheck): string {
  return [...new Set(Object.values(check.outcomes).map((o) => o.severity))].sort((a, b) => SEVERITY_RANK[b] - SEVERITY_RANK[a]).join(', ');
}

/** The API page: checks in registry order, examples as the responses they are run on. */
export function apiPage(checks: readonly HttpCheck[]): RulePage<HttpCheck, CheckExample | FailingExample> {
  return {
    file: 'api.md',
    title: 'API header and CORS checks',
    source: 'src/scanners/http/checks/*.ts',
    rules: checks,
    intro: [
      `${checks.length} checks. \`POST /v1/scan/api\` (and the CLI) first retrieves the target once: a GET of the URL (redirects followed),`,
      'for an https target a GET of its http:// variant without following redirects, and CORS probes: a GET and an OPTIONS preflight',
      '(`Access-Control-Request-Method: PUT`, `Access-Control-Request-Headers: authorization, x-vigil-probe`) for each probe Origin.',
      'Opt-in, `paths` and the GET operations of an `openapi_url` document add one GET per path on the same origin.',
      'The checks below then run on what was received, without further requests. No credentials are ever sent.',
      '',
      'Each finding\'s `rule_id` is the check id, its `category` is `cors` for the CORS checks and `headers` for every other check',
      '(unauthenticated-data included), its `scanner_name` is `api_headers`, its `cwe` the weakness named below, and its',
      '`location.url` and `location.method` name the request that proved it. Finding ids (`API-xxxxxx`) are stable for the same',
      'target, check, outcome and subject (cookie name, header name, probe kind or path). Evidence shows header lines as received',
      '(names in their usual capitalisation, cookie values redacted); CORS evidence starts with the Origin the probe sent.',
      'The examples are the checks\' own test fixtures: each "Reported" set must produce the outcomes named, each "Not reported" set none.',
      '',
      '## Severity scale',
      '',
      ...SEVERITY_SCALE,
      '',
      '`owasp_categories` cite the OWASP Top 10 (2021 and 2025, in the `A<nn>:<year>` form of the interface); findings about access to',
      'data also name their OWASP API Security Top 10 2023 category (`API1:2023`, `API2:2023`) in the description.',
      '',
      'Each outcome below states why it has its severity. Severities assume a browser-facing API; a finding\'s confidence says how',
      'directly the scan observed it (a probe answer is proof, a name-based guess such as a session cookie is not).',
    ],
    indexHeading: ['## Checks'],
    index: [
      idColumn(),
      { header: 'Category', cell: (r) => r.category },
      { header: 'Severities', cell: severities },
    ],
    facts: [...baseFacts<HttpCheck>(), { header: 'Category', cell: (r) => r.category }],
    details: outcomeTable,
    examples: (r) => r.docs,
    example: (_check, example) => {
      const expected = 'expect' in example ? ` Outcome: ${example.expect.map((k) => `\`${k}\``).join(', ')}.` : '';
      return [`${example.note}${expected}`, '', exampleText(example), ''];
    },
  };
}
