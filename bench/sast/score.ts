/**
 * The OWASP Benchmark scoring method (as its BenchmarkUtils scorecards compute it): a test case
 * is flagged when the tool reports, anywhere in the test case's file, a finding whose CWE is the
 * case's CWE. Per category: TPR = TP / (TP + FN), FPR = FP / (FP + TN), score = TPR − FPR.
 * The overall score is the plain average of the category scores (every category weighs the same,
 * whatever its size).
 */

export interface ExpectedCase {
  readonly name: string;
  readonly category: string;
  readonly real: boolean;
  readonly cwe: number;
}

export interface CategoryScore {
  readonly category: string;
  readonly cwe: number;
  readonly tp: number;
  readonly fn: number;
  readonly fp: number;
  readonly tn: number;
  readonly tpr: number;
  readonly fpr: number;
  readonly score: number;
}

export interface Scorecard {
  readonly categories: readonly CategoryScore[];
  readonly tpr: number;
  readonly fpr: number;
  readonly score: number;
}

/** Parses `expectedresults-*.csv`: `# header`, then `BenchmarkTest00001,pathtraver,true,22`. */
export function parseExpected(csv: string): ExpectedCase[] {
  const cases: ExpectedCase[] = [];
  for (const line of csv.split(/\r?\n/)) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [name, category, real, cwe] = line.split(',').map((s) => s.trim());
    if (!name || !category || !real || !cwe) continue;
    cases.push({ name, category, real: real === 'true', cwe: Number(cwe) });
  }
  return cases;
}

/** Test case name of a path (`testcode/BenchmarkTest00042.py` → `BenchmarkTest00042`), or undefined. */
export function caseOf(path: string): string | undefined {
  return /(BenchmarkTest\d+)/.exec(path)?.[1];
}

/** `reported` maps a test case name to the CWE numbers the tool reported in its file. */
export function score(cases: readonly ExpectedCase[], reported: ReadonlyMap<string, ReadonlySet<number>>): Scorecard {
  const byCategory = new Map<string, ExpectedCase[]>();
  for (const c of cases) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  const categories: CategoryScore[] = [];
  for (const [category, list] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
    let tp = 0;
    let fn = 0;
    let fp = 0;
    let tn = 0;
    for (const c of list) {
      const flagged = reported.get(c.name)?.has(c.cwe) ?? false;
      if (c.real && flagged) tp++;
      else if (c.real) fn++;
      else if (flagged) fp++;
      else tn++;
    }
    const tpr = tp + fn === 0 ? 0 : tp / (tp + fn);
    const fpr = fp + tn === 0 ? 0 : fp / (fp + tn);
    categories.push({ category, cwe: list[0]?.cwe ?? 0, tp, fn, fp, tn, tpr, fpr, score: tpr - fpr });
  }
  const mean = (f: (c: CategoryScore) => number): number => (categories.length === 0 ? 0 : categories.reduce((n, c) => n + f(c), 0) / categories.length);
  return { categories, tpr: mean((c) => c.tpr), fpr: mean((c) => c.fpr), score: mean((c) => c.score) };
}

/** Adds one reported CWE to a case's set. */
export function report(reported: Map<string, Set<number>>, name: string, cwe: number): void {
  let set = reported.get(name);
  if (!set) reported.set(name, (set = new Set()));
  set.add(cwe);
}
