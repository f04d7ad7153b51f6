/**
 * Request bodies of the AI benchmark: one finding (the shape of test/http/ai.test.ts, with an
 * AWS-shaped key made at run time so the redaction pass has work) and a scan of 50 findings
 * across every scanner for /v1/triage. Also the fake provider's token schedule.
 */
import { randomBytes } from 'node:crypto';
import type { Piece } from '../../test/fakes/ai/server.js';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const awsShaped = (): string => 'AK' + 'IA' + [...randomBytes(16)].map((b) => UPPER[b % UPPER.length] ?? 'A').join('');

/** An Anthropic-shaped key, assembled at run time (no token-shaped literal in the source). */
export const anthropicKey = (): string => ['sk', 'ant', 'api03', ''].join('-') + randomBytes(60).toString('base64url');

export interface Schedule {
  readonly firstTokenDelayMs: number;
  readonly pieces: readonly Piece[];
  /** The text the pieces add up to. */
  readonly text: string;
}

/** First piece `firstMs` after the opening events, then one every `everyMs`; `count` pieces in all. */
export function schedule(firstMs: number, count: number, everyMs: number): Schedule {
  const pieces: Piece[] = [];
  for (const i of Array(count).keys()) pieces.push({ text: `tok${String(i).padStart(2, '0')} `, delayMs: i === 0 ? 0 : everyMs });
  return { firstTokenDelayMs: firstMs, pieces, text: pieces.map((p) => p.text).join('') };
}

export function finding(): Record<string, unknown> {
  const aws = awsShaped();
  return {
    id: 'SEC-A1B2C3',
    category: 'secrets',
    severity: 'HIGH',
    title: 'AWS access key',
    description: `An AWS access key id is committed (${aws}).`,
    evidence: `AWS access key: const key = "${aws}";`,
    location: { target: 'acme/demo', path: 'src/config.ts', line: 3, column: 14, url: null, method: null },
    scanner_name: 'secrets',
    remediation: 'Rotate the key.',
    confidence: 0.9,
    owasp_categories: ['A07:2021'],
    rule_id: 'aws-access-key-id',
  };
}

interface Kind {
  readonly prefix: string;
  readonly category: string;
  readonly scanner: string;
  readonly rule: string;
  readonly title: string;
  readonly owasp: string;
  readonly api: boolean;
}

const KINDS: readonly Kind[] = [
  { prefix: 'SEC', category: 'secrets', scanner: 'secrets', rule: 'aws-access-key-id', title: 'AWS access key', owasp: 'A07:2021', api: false },
  { prefix: 'DEP', category: 'supply_chain', scanner: 'supply_chain', rule: 'osv-vulnerability', title: 'lodash 4.17.15: prototype pollution', owasp: 'A06:2021', api: false },
  { prefix: 'CODE', category: 'code', scanner: 'code', rule: 'sql-injection-concat', title: 'SQL built by string concatenation', owasp: 'A03:2021', api: false },
  { prefix: 'CI', category: 'cicd', scanner: 'cicd', rule: 'gha-script-injection', title: 'Untrusted input in a run: step', owasp: 'A08:2021', api: false },
  { prefix: 'HDR', category: 'headers', scanner: 'api_headers', rule: 'x-content-type-options', title: 'X-Content-Type-Options missing', owasp: 'A05:2021', api: true },
  { prefix: 'CORS', category: 'cors', scanner: 'api_headers', rule: 'cors-origin-reflection', title: 'Any Origin reflected with credentials', owasp: 'A05:2021', api: true },
];
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;

/** A completed scan of `count` findings, cycling through the kinds and severities above. */
export function scan(count = 50): Record<string, unknown> {
  const findings: Record<string, unknown>[] = [];
  for (const i of Array(count).keys()) {
    const kind = KINDS[i % KINDS.length] ?? KINDS[0];
    if (kind === undefined) break;
    const n = String(i).padStart(4, '0');
    const location = kind.api
      ? { target: 'https://api.acme.example/', url: 'https://api.acme.example/', method: 'GET' }
      : { target: 'acme/demo', path: `src/module${i}/index.ts`, line: 10 + i, column: 5, url: null, method: null };
    findings.push({
      id: `${kind.prefix}-B${n}X`,
      category: kind.category,
      severity: SEVERITIES[i % SEVERITIES.length] ?? 'LOW',
      title: kind.title,
      description: `${kind.title} (occurrence ${i + 1}).`,
      evidence: kind.prefix === 'SEC' ? `const key = "${awsShaped()}";` : `evidence line ${i + 1}`,
      location,
      scanner_name: kind.scanner,
      remediation: 'Follow the rule documentation.',
      confidence: 0.5 + (i % 5) / 10,
      owasp_categories: [kind.owasp],
      rule_id: kind.rule,
    });
  }
  return {
    scan_id: 'bench50',
    status: 'completed',
    target_type: 'github',
    target: 'acme/demo',
    started_at: '2026-11-23T10:00:00.000Z',
    completed_at: '2026-11-23T10:00:01.000Z',
    finding_count: findings.length,
    findings,
  };
}
