/**
 * The wire shape of a finding, written once: these TypeBox schemas validate the API's
 * requests, document its responses (OpenAPI), and give the types the server, the CLI
 * outputs and the dashboard use (`Static`). Core, so every layer and web/ may import it.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CATEGORIES, SCANNER_NAMES, SEVERITIES } from '../findings.js';

/** A union of string literals; `const` keeps each value's literal type, so `Static` is the union of the values. */
export const literals = <const T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/*
 * Every `pattern` carries an `x-expected` text: it is what a 400 says the field must be
 * (see plugins/validation-messages.ts), since a regular expression is no message.
 */
const FindingId = Type.String({
  pattern: '^[A-Z]+-[A-Z0-9]{6,}$',
  'x-expected': 'a finding id such as SEC-A1B2C3 (upper-case letters, a hyphen, then 6 or more upper-case letters or digits)',
  description: '<PREFIX>-<6 uppercase alphanumerics>, stable across scans',
});
const OwaspCategory = Type.String({ pattern: '^A\\d{2}:\\d{4}$', 'x-expected': 'an OWASP Top 10 category such as A07:2021' });
export const ScanId = Type.String({ pattern: '^[A-Za-z0-9]+$', 'x-expected': 'a scan id of letters and digits' });

const DESCRIPTIONS = {
  target: 'Repository (owner/repo) or URL the finding belongs to',
  path: 'File path; repository findings only',
  line: '1-based line; repository findings only',
  column: '1-based column; repository findings only',
  url: 'API findings: the URL requested',
  method: 'API findings: the HTTP method used',
} as const;

/** History scans (additive): the commit that introduced the finding; path and line are as of that commit. */
const HISTORY_LOCATION = {
  commit: Type.Optional(Type.String({ pattern: '^[0-9a-f]{40,64}$', 'x-expected': 'a full commit SHA (40 or 64 hexadecimal digits)', description: 'History scans: the commit that introduced it' })),
  commit_date: Type.Optional(Type.String({ format: 'date-time', description: "History scans: that commit's committer date" })),
  commit_author: Type.Optional(Type.String({ maxLength: 1024, description: "History scans: that commit's author, Name <email>" })),
};

/** Location as responses carry it: repository findings have path, line and column; API findings url and method. */
export const LocationSchema = Type.Object(
  {
    target: Type.String({ description: DESCRIPTIONS.target }),
    path: Type.Optional(Type.String({ description: DESCRIPTIONS.path })),
    line: Type.Optional(Type.Integer({ minimum: 0, description: DESCRIPTIONS.line })),
    column: Type.Optional(Type.Integer({ minimum: 0, description: DESCRIPTIONS.column })),
    url: Type.Union([Type.String(), Type.Null()], { description: DESCRIPTIONS.url }),
    method: Type.Union([Type.String(), Type.Null()], { description: DESCRIPTIONS.method }),
    ...HISTORY_LOCATION,
  },
  { title: 'Location' },
);

/** Absent or null: the specification omits these for one kind of target or the other. */
const absentOrNull = <T extends TSchema>(schema: T, description: string) =>
  Type.Optional(Type.Union([schema, Type.Null()], { description: `${description}; may be absent or null` }));

/**
 * Location as requests may send it: only `target` is required, the way the specification's
 * examples are shaped (repository findings without url and method, some without column; API
 * findings without path, line and column). Route handlers normalise it with `findingFromInput`.
 */
export const LocationInputSchema = Type.Object(
  {
    target: Type.String({ description: DESCRIPTIONS.target }),
    path: absentOrNull(Type.String(), DESCRIPTIONS.path),
    line: absentOrNull(Type.Integer({ minimum: 0 }), DESCRIPTIONS.line),
    column: absentOrNull(Type.Integer({ minimum: 0 }), DESCRIPTIONS.column),
    url: absentOrNull(Type.String(), DESCRIPTIONS.url),
    method: absentOrNull(Type.String(), DESCRIPTIONS.method),
    ...HISTORY_LOCATION,
  },
  { title: 'LocationInput' },
);

function findingSchema<L extends TSchema>(location: L, title: string) {
  return Type.Object(
    {
      id: FindingId,
      category: literals(CATEGORIES),
      severity: literals(SEVERITIES),
      title: Type.String(),
      description: Type.String(),
      evidence: Type.String({ description: 'Context; secret values are redacted' }),
      location,
      scanner_name: literals(SCANNER_NAMES),
      remediation: Type.String(),
      confidence: Type.Number({ minimum: 0, maximum: 1 }),
      owasp_categories: Type.Array(OwaspCategory),
      rule_id: Type.Optional(Type.String({ description: 'The detection rule (additive field)' })),
      cwe: Type.Optional(Type.String({ pattern: '^CWE-[0-9]+$', 'x-expected': 'a CWE id such as CWE-89', description: 'The weakness the finding reports, such as CWE-89 (additive field)' })),
      present_at_head: Type.Optional(Type.Boolean({ description: "History scans: whether the secret is still in the scanned tip's tree (additive field)" })),
      verified: Type.Optional(
        Type.Union([Type.Boolean(), Type.Null()], { description: 'With verify: true live, false revoked or refused by the provider, null when it could not be told (additive field)' }),
      ),
      verified_at: Type.Optional(Type.String({ format: 'date-time', description: 'When the validity check ran (additive field)' })),
    },
    { title },
  );
}

export const FindingSchema = findingSchema(LocationSchema, 'Finding');
/** A finding as /v1/explain, /v1/fix, /v1/fix/pr and /v1/triage accept it. */
export const FindingInputSchema = findingSchema(LocationInputSchema, 'FindingInput');
export type FindingInput = Static<typeof FindingInputSchema>;

/** A finding as the API returns it. Secrets in it are already redacted. */
export type Finding = Static<typeof FindingSchema>;
/** Where a finding is: path, line and column for repository findings; url and method for API findings. */
export type Location = Finding['location'];
