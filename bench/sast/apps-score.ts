/**
 * Scoring of the code scanner against hand-labelled vulnerable applications (bench/sast/apps/*.json,
 * format in bench/sast/apps/README.md). Pure: the runner (apps.ts) does the I/O.
 *
 * A finding matches a label when it is in the same file, within LINE_WINDOW lines, and its CWE is
 * compatible with the label's (the same CWE, or both in one family of CWE_FAMILIES). Recall counts
 * findings of any severity; precision counts only CRITICAL and HIGH findings, and only those a human
 * has judged: a finding matching an expected site or a `confirmed` entry is true, one matching a
 * `false` entry is false, any other is unreviewed and printed for labelling.
 */

export const LINE_WINDOW = 3;

/** CWE families whose members describe the same weakness at different granularity. */
const CWE_FAMILIES: readonly (readonly number[])[] = [
  [79, 80, 83, 116],
  [89, 564],
  [943, 89],
  [22, 23, 73, 98, 434],
  [77, 78],
  [94, 95, 96, 1336, 502],
  [327, 328, 916, 759, 760],
  [798, 259, 321, 547],
  [601],
  [918],
  [611, 776],
  [1333, 400, 625],
];

export interface ExpectedSite {
  readonly file: string;
  readonly line: number;
  readonly cwe: number;
  readonly reason: string;
}

export interface JudgedFinding {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly reason: string;
}

export interface AppLabels {
  readonly app: string;
  readonly stack: string;
  readonly repo: string;
  readonly commit: string;
  readonly source: string;
  readonly exclude?: readonly { readonly path: string; readonly reason: string }[];
  readonly expected: readonly ExpectedSite[];
  readonly confirmed: readonly JudgedFinding[];
  readonly false: readonly JudgedFinding[];
}

export interface ScoredFinding {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly cwe: number | undefined;
  readonly severity: string;
}

export interface AppScore {
  readonly found: readonly ExpectedSite[];
  readonly missed: readonly ExpectedSite[];
  readonly truePositives: readonly ScoredFinding[];
  readonly falsePositives: readonly ScoredFinding[];
  readonly unreviewed: readonly ScoredFinding[];
  /** found / expected (0 when nothing is expected). */
  readonly recall: number;
  /** true / (true + false) among CRITICAL/HIGH findings; undefined when none is judged. */
  readonly precision: number | undefined;
}

export function compatibleCwe(a: number | undefined, b: number): boolean {
  if (a === undefined) return false;
  return a === b || CWE_FAMILIES.some((family) => family.includes(a) && family.includes(b));
}

const near = (a: number, b: number): boolean => Math.abs(a - b) <= LINE_WINDOW;

function matchesSite(f: ScoredFinding, site: ExpectedSite): boolean {
  return f.file === site.file && near(f.line, site.line) && compatibleCwe(f.cwe, site.cwe);
}

function matchesJudged(f: ScoredFinding, judged: JudgedFinding): boolean {
  return f.file === judged.file && near(f.line, judged.line) && f.rule === judged.rule;
}

/** True when the path is under one of the label file's excluded folders or files. */
export function isExcluded(labels: AppLabels, file: string): boolean {
  return (labels.exclude ?? []).some((e) => file === e.path || file.startsWith(e.path.endsWith('/') ? e.path : `${e.path}/`));
}

const isSevere = (f: ScoredFinding): boolean => f.severity === 'CRITICAL' || f.severity === 'HIGH';

export function scoreApp(labels: AppLabels, findings: readonly ScoredFinding[]): AppScore {
  const found = labels.expected.filter((site) => findings.some((f) => matchesSite(f, site)));
  const missed = labels.expected.filter((site) => !found.includes(site));
  const truePositives: ScoredFinding[] = [];
  const falsePositives: ScoredFinding[] = [];
  const unreviewed: ScoredFinding[] = [];
  for (const f of findings.filter(isSevere)) {
    if (labels.false.some((j) => matchesJudged(f, j))) falsePositives.push(f);
    else if (labels.expected.some((s) => matchesSite(f, s)) || labels.confirmed.some((j) => matchesJudged(f, j))) truePositives.push(f);
    else unreviewed.push(f);
  }
  const judged = truePositives.length + falsePositives.length;
  return {
    found,
    missed,
    truePositives,
    falsePositives,
    unreviewed,
    recall: labels.expected.length === 0 ? 0 : found.length / labels.expected.length,
    precision: judged === 0 ? undefined : truePositives.length / judged,
  };
}

/** Checks a parsed label file's shape; returns the problems found (empty when valid). */
export function labelProblems(value: unknown): string[] {
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null) return ['not an object'];
  const v = value as Record<string, unknown>;
  for (const key of ['app', 'stack', 'repo', 'commit', 'source']) if (typeof v[key] !== 'string') problems.push(`${key} must be a string`);
  for (const key of ['expected', 'confirmed', 'false']) {
    const list = v[key];
    if (!Array.isArray(list)) {
      problems.push(`${key} must be an array`);
      continue;
    }
    for (const [i, item] of (list as unknown[]).entries()) {
      const e = item as Record<string, unknown>;
      const ok = typeof e.file === 'string' && Number.isInteger(e.line) && typeof e.reason === 'string' && (key === 'expected' ? Number.isInteger(e.cwe) : typeof e.rule === 'string');
      if (!ok) problems.push(`${key}[${i}] is malformed`);
    }
  }
  return problems;
}
