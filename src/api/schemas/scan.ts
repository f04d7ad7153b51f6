import { Type } from '@sinclair/typebox';
import { CATEGORIES, SCANNER_NAMES, SEVERITIES } from '../../core/findings.js';

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const LocationSchema = Type.Object(
  {
    target: Type.String({ description: 'Repository (owner/repo) or URL the finding belongs to' }),
    path: Type.Optional(Type.String({ description: 'File path; repository findings only' })),
    line: Type.Optional(Type.Integer({ minimum: 0, description: '1-based line; repository findings only' })),
    column: Type.Optional(Type.Integer({ minimum: 0, description: '1-based column; repository findings only' })),
    url: Type.Union([Type.String(), Type.Null()], { description: 'API findings: the URL requested' }),
    method: Type.Union([Type.String(), Type.Null()], { description: 'API findings: the HTTP method used' }),
  },
  { title: 'Location' },
);

export const FindingSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Z]+-[A-Z0-9]{6,}$', description: '<PREFIX>-<6 uppercase alphanumerics>, stable across scans' }),
    category: literals(CATEGORIES),
    severity: literals(SEVERITIES),
    title: Type.String(),
    description: Type.String(),
    evidence: Type.String({ description: 'Context; secret values are redacted' }),
    location: LocationSchema,
    scanner_name: literals(SCANNER_NAMES),
    remediation: Type.String(),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    owasp_categories: Type.Array(Type.String({ pattern: '^A\\d{2}:\\d{4}$' })),
    rule_id: Type.Optional(Type.String({ description: 'The detection rule (additive field)' })),
  },
  { title: 'Finding' },
);

export const ScanResponseSchema = Type.Object(
  {
    scan_id: Type.String({ pattern: '^[A-Za-z0-9]+$' }),
    status: Type.String({ description: 'completed' }),
    target_type: literals(['github', 'api']),
    target: Type.String(),
    started_at: Type.String({ format: 'date-time' }),
    completed_at: Type.String({ format: 'date-time' }),
    finding_count: Type.Integer({ minimum: 0 }),
    findings: Type.Array(FindingSchema),
    warnings: Type.Optional(Type.Array(Type.String(), { description: 'Scanners that failed or checks that could not run' })),
    stats: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Counts about the scanned material' })),
  },
  { title: 'ScanResponse' },
);

export const ScanSummarySchema = Type.Object(
  {
    scan_id: Type.String(),
    status: Type.String(),
    target_type: Type.String(),
    target: Type.String(),
    started_at: Type.String({ format: 'date-time' }),
    completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    finding_count: Type.Integer({ minimum: 0 }),
  },
  { title: 'ScanSummary' },
);
