/**
 * Scores the secrets scanner on the labelled corpus: recall per provider
 * family and per assignment form, precision per family, and the false
 * positives each kind of hard negative draws.
 */
import type { RawFinding } from '../../src/core/findings.js';
import { createSecretsScanner } from '../../src/scanners/secrets/scanner.js';
import type { SecretRule } from '../../src/scanners/secrets/rule.js';
import { SECRET_RULES } from '../../src/scanners/secrets/rules/index.js';
import { FORMATS, type Form } from './formats.js';
import type { LabelledFile, LabelledPlant } from './labelled.js';
import { NEGATIVE_KINDS, type NegativeKind } from './negatives.js';

export const LABELLED_TARGETS = { recall: 0.95, precision: 0.98 } as const;

export interface Tally {
  planted: number;
  found: number;
  /** Findings by the family's rules, and how many of them were wrong. */
  findings: number;
  falsePositives: number;
}

export interface LabelledScore {
  readonly files: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly planted: number;
  readonly found: number;
  /** Plants reported only under a catch-all rule (a secret found, but not under its provider's title). */
  readonly genericOnly: number;
  readonly findings: number;
  readonly falsePositives: number;
  readonly byFamily: ReadonlyMap<string, Tally>;
  readonly byForm: ReadonlyMap<Form, Tally>;
  readonly byNegative: ReadonlyMap<NegativeKind, { files: number; flagged: number; rules: Map<string, number> }>;
  readonly missed: readonly LabelledPlant[];
  readonly wrong: readonly { path: string; line: number; ruleId: string }[];
}

const GENERIC = new Set(SECRET_RULES.filter((r) => r.generic).map((r) => r.id));
/** Repository hygiene findings (a committed .env file) are not detections of a value and are not scored. */
const RULE_IDS = new Set(SECRET_RULES.map((r) => r.id));

/** Rule id → family, from the formats; rules without a format are their own family. */
function familyOf(): (ruleId: string) => string {
  const map = new Map<string, string>();
  for (const format of FORMATS) for (const rule of format.rules) map.set(rule, format.family);
  return (ruleId) => map.get(ruleId) ?? (GENERIC.has(ruleId) ? 'generic' : ruleId);
}

const tally = (): Tally => ({ planted: 0, found: 0, findings: 0, falsePositives: 0 });
function bump<K>(map: Map<K, Tally>, key: K): Tally {
  let t = map.get(key);
  if (!t) map.set(key, (t = tally()));
  return t;
}

export function scoreLabelled(files: readonly LabelledFile[], rules: readonly SecretRule[] = SECRET_RULES): LabelledScore {
  const scanner = createSecretsScanner(rules);
  const family = familyOf();
  const byFamily = new Map<string, Tally>();
  const byForm = new Map<Form, Tally>();
  const byNegative = new Map<NegativeKind, { files: number; flagged: number; rules: Map<string, number> }>(NEGATIVE_KINDS.map((k) => [k, { files: 0, flagged: 0, rules: new Map<string, number>() }]));
  const missed: LabelledPlant[] = [];
  const wrong: { path: string; line: number; ruleId: string }[] = [];
  let found = 0;
  let genericOnly = 0;
  let findingCount = 0;
  let falsePositives = 0;
  let bytes = 0;
  const results: (readonly RawFinding[])[] = [];
  const started = performance.now();
  for (const file of files) results.push(scanner.scanFile({ path: file.path, text: file.text }).filter((f) => RULE_IDS.has(f.ruleId)));
  const seconds = (performance.now() - started) / 1000;

  files.forEach((file, i) => {
    bytes += Buffer.byteLength(file.text);
    const findings = results[i] ?? [];
    const plant = file.plant;
    if (plant) {
      const fam = bump(byFamily, plant.format.family);
      const form = bump(byForm, plant.form);
      fam.planted++;
      form.planted++;
      const onLine = findings.filter((f) => f.line === plant.line);
      if (onLine.some((f) => plant.format.rules.includes(f.ruleId))) {
        fam.found++;
        form.found++;
        found++;
      } else {
        if (onLine.some((f) => GENERIC.has(f.ruleId))) genericOnly++;
        missed.push(plant);
      }
    }
    if (file.negative) {
      const neg = byNegative.get(file.negative);
      if (neg) {
        neg.files++;
        if (findings.length > 0) neg.flagged++;
        for (const f of findings) neg.rules.set(f.ruleId, (neg.rules.get(f.ruleId) ?? 0) + 1);
      }
    }
    for (const f of findings) {
      findingCount++;
      const t = bump(byFamily, family(f.ruleId));
      t.findings++;
      // On the planted line, the provider's rules and catch-all rules name a real secret; anything else is wrong.
      const correct = plant !== undefined && f.line === plant.line && (plant.format.rules.includes(f.ruleId) || GENERIC.has(f.ruleId));
      if (!correct) {
        t.falsePositives++;
        falsePositives++;
        wrong.push({ path: file.path, line: f.line ?? 0, ruleId: f.ruleId });
      }
    }
  });
  return { files: files.length, bytes, seconds, planted: missed.length + found, found, genericOnly, findings: findingCount, falsePositives, byFamily, byForm, byNegative, missed, wrong };
}

const ratio = (a: number, b: number): string => (b === 0 ? ' n/a ' : (a / b).toFixed(3));

export function recallOfScore(s: LabelledScore): number {
  return s.planted === 0 ? 0 : s.found / s.planted;
}
export function precisionOfScore(s: LabelledScore): number {
  return s.findings === 0 ? 1 : (s.findings - s.falsePositives) / s.findings;
}

/** The report: totals, per-form recall, per-family table, negatives, and a sample of misses and false positives. */
export function labelledLines(s: LabelledScore, files: readonly LabelledFile[]): string[] {
  const lines: string[] = [];
  const negatives = [...s.byNegative.values()].reduce((n, v) => n + v.files, 0);
  lines.push(`corpus: ${s.planted} planted secrets in ${s.planted} files over ${[...s.byFamily.values()].filter((t) => t.planted > 0).length} families, ${negatives} hard-negative files; ${(s.bytes / 1e6).toFixed(2)} MB, scanned in ${s.seconds.toFixed(2)} s`);
  lines.push(`TOTAL recall ${ratio(s.found, s.planted)} (${s.found}/${s.planted}; ${s.genericOnly} more found only by a catch-all rule), precision ${ratio(s.findings - s.falsePositives, s.findings)} (${s.falsePositives} false of ${s.findings} findings)`);
  lines.push('recall by form (where the value sits):');
  for (const [form, t] of s.byForm) lines.push(`  ${form.padEnd(11)} ${ratio(t.found, t.planted)}  ${t.found}/${t.planted}`);
  lines.push('by family:            planted found recall  findings false precision');
  const families = [...s.byFamily.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  for (const [name, t] of families) {
    const flag = (t.planted > 0 && t.found / t.planted < 0.95) || (t.findings > 0 && (t.findings - t.falsePositives) / t.findings < 0.98) ? ' <' : '';
    lines.push(`  ${name.slice(0, 22).padEnd(22)} ${String(t.planted).padStart(4)} ${String(t.found).padStart(5)} ${ratio(t.found, t.planted)}  ${String(t.findings).padStart(6)} ${String(t.falsePositives).padStart(5)}  ${ratio(t.findings - t.falsePositives, t.findings)}${flag}`);
  }
  lines.push('hard negatives (files with any finding):');
  for (const [kind, v] of s.byNegative) {
    const rules = [...v.rules.entries()].map(([r, n]) => `${r} ${n}`).join(', ');
    lines.push(`  ${kind.padEnd(15)} ${v.flagged}/${v.files}${rules ? `  (${rules})` : ''}`);
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const p of s.missed.slice(0, 40)) {
    const text = byPath.get(p.path)?.text.split('\n')[p.line - 1] ?? '';
    lines.push(`  missed ${p.format.family} (${p.format.rules.join('/')}) as ${p.form}: ${text.slice(0, 140)}`);
  }
  if (s.missed.length > 40) lines.push(`  … and ${s.missed.length - 40} more missed`);
  for (const w of s.wrong.slice(0, 15)) {
    const text = byPath.get(w.path)?.text.split('\n')[w.line - 1] ?? '';
    lines.push(`  false ${w.ruleId} at ${w.path}:${w.line}: ${text.slice(0, 140)}`);
  }
  if (s.wrong.length > 15) lines.push(`  … and ${s.wrong.length - 15} more false positives`);
  return lines;
}
