/**
 * CI/CD workflow benchmark: recall and precision per audit class on a labelled
 * set of GitHub Actions workflows and composite actions (bench/cicd/cases),
 * and scan speed.
 *
 * Labels are trailing comments on the line where a finding is expected:
 * `# expect: template-injection github-env` (or `// expect: …` inside a
 * JavaScript script). They are removed before scanning, so rules never see
 * them; line numbers stay the same. A finding of a scored class on a line
 * without its label is a false positive; a label without a finding of its
 * class on that line is a miss. Classes use zizmor's audit names; the
 * mapping to Vigil rule ids is CLASSES below.
 *
 * Run: npm run bench:cicd [-- --runs N]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scanWorkflowFile } from '../../src/scanners/workflows/scanner.js';
import { intOption, machine } from '../api-scan/stats.js';

/** zizmor audit name → Vigil rule id. */
export const CLASSES: Readonly<Record<string, string>> = Object.freeze({
  'template-injection': 'template-injection',
  'github-env': 'untrusted-env-write',
  'cache-poisoning': 'cache-poisoning',
  artipacked: 'persisted-checkout-credentials',
  'bot-conditions': 'spoofable-bot-condition',
  'overprovisioned-secrets': 'overprovisioned-secrets',
  'insecure-commands': 'insecure-commands',
  obfuscation: 'obfuscation',
  'unsound-condition': 'unsound-condition',
  'known-vulnerable-actions': 'known-vulnerable-action',
  'unpinned-images': 'unpinned-container-image',
  'hardcoded-container-credentials': 'hardcoded-container-credentials',
  'unsound-contains': 'unsound-contains',
  'use-trusted-publishing': 'use-trusted-publishing',
  'dangerous-triggers': 'dangerous-triggers',
  'unredacted-secrets': 'unredacted-secrets',
});

const LABEL = /[ \t]*(?:#|\/\/)[ \t]*expect:([^\n]*)/;

export interface Case {
  readonly name: string;
  /** The path the file is scanned as. */
  readonly path: string;
  /** The text with the labels removed. */
  readonly text: string;
  /** `line|class` for every expected finding. */
  readonly expected: ReadonlySet<string>;
}

export function loadCases(dir = fileURLToPath(new URL('./cases/', import.meta.url))): Case[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(dir + name, 'utf8');
      const expected = new Set<string>();
      const lines = raw.split('\n').map((line, i) => {
        const m = LABEL.exec(line);
        if (!m) return line;
        for (const cls of (m[1] ?? '').trim().split(/\s+/)) {
          if (!(cls in CLASSES)) throw new Error(`${name}:${i + 1}: unknown class ${cls}`);
          expected.add(`${i + 1}|${cls}`);
        }
        return line.slice(0, m.index);
      });
      const path = name.endsWith('.action.yml') ? `.github/actions/${name.replace(/\.action\.yml$/, '')}/action.yml` : `.github/workflows/${name}`;
      return { name, path, text: lines.join('\n'), expected };
    });
}

export interface ClassScore {
  tp: number;
  fn: number;
  fp: number;
  readonly misses: string[];
  readonly extras: string[];
}

export function score(cases: readonly Case[]): Map<string, ClassScore> {
  const byRule = new Map(Object.entries(CLASSES).map(([cls, rule]) => [rule, cls] as const));
  const scores = new Map<string, ClassScore>(Object.keys(CLASSES).map((c) => [c, { tp: 0, fn: 0, fp: 0, misses: [], extras: [] }]));
  for (const c of cases) {
    const found = new Set<string>();
    for (const f of scanWorkflowFile(c.path, c.text)) {
      const cls = byRule.get(f.ruleId);
      if (cls) found.add(`${f.line}|${cls}`);
    }
    for (const key of c.expected) {
      const s = scores.get(key.split('|')[1] ?? '');
      if (!s) continue;
      if (found.has(key)) s.tp += 1;
      else {
        s.fn += 1;
        s.misses.push(`${c.name}:${key.split('|')[0]}`);
      }
    }
    for (const key of found) {
      if (c.expected.has(key)) continue;
      const s = scores.get(key.split('|')[1] ?? '');
      if (!s) continue;
      s.fp += 1;
      s.extras.push(`${c.name}:${key.split('|')[0]}`);
    }
  }
  return scores;
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

function main(): void {
  const runs = intOption(process.argv, '--runs', 200);
  const cases = loadCases();
  const scores = score(cases);
  const rows: string[] = ['| Class (zizmor audit) | Vigil rule | Expected | Found | Missed | False positives | Recall | Precision |', '|---|---|---|---|---|---|---|---|'];
  let tp = 0;
  let fn = 0;
  let fp = 0;
  for (const [cls, s] of scores) {
    tp += s.tp;
    fn += s.fn;
    fp += s.fp;
    rows.push(`| ${cls} | \`${CLASSES[cls]}\` | ${s.tp + s.fn} | ${s.tp} | ${s.fn} | ${s.fp} | ${ratio(s.tp, s.tp + s.fn).toFixed(2)} | ${ratio(s.tp, s.tp + s.fp).toFixed(2)} |`);
  }
  rows.push(`| **all** | | ${tp + fn} | ${tp} | ${fn} | ${fp} | ${ratio(tp, tp + fn).toFixed(2)} | ${ratio(tp, tp + fp).toFixed(2)} |`);
  console.log(`${cases.length} files, ${tp + fn} labelled findings`);
  console.log(rows.join('\n'));
  for (const [cls, s] of scores) {
    if (s.misses.length) console.log(`missed ${cls}: ${s.misses.join(', ')}`);
    if (s.extras.length) console.log(`false positive ${cls}: ${s.extras.join(', ')}`);
  }
  // Speed: every case scanned `runs` times, after a warm-up pass.
  for (const c of cases) scanWorkflowFile(c.path, c.text);
  const bytes = cases.reduce((n, c) => n + Buffer.byteLength(c.text), 0);
  const started = process.hrtime.bigint();
  for (let r = 0; r < runs; r++) for (const c of cases) scanWorkflowFile(c.path, c.text);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const files = runs * cases.length;
  console.log(`Speed: ${files} file scans in ${ms.toFixed(0)} ms: ${(ms / files).toFixed(3)} ms per file, ${Math.round(files / (ms / 1000))} files/s, ${((bytes * runs) / 1024 / 1024 / (ms / 1000)).toFixed(2)} MB/s`);
  console.log(machine());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
