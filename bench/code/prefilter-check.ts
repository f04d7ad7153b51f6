/**
 * Checks that the rule prefilter is conservative: scans every rule's docs examples (bad and
 * good), every code file under the given folders and the {path, text} lines of any --jsonl file once with the rules' triggers and once with
 * every trigger removed (each rule runs on each file of its language), and lists any finding the
 * prefiltered scan misses. Also prints, per language, how many files are parsed and how many rule
 * runs the triggers save, and which rules' terms let through the most text they then report nothing in.
 *
 *   npm run bench:prefilter -- <dir> [<dir>…] [--jsonl snippets.jsonl] [--max-mb 200]
 *
 * Exits 1 when a finding differs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RawFinding } from '../../src/core/findings.js';
import { languageOf, type CodeLanguage } from '../../src/scanners/code/parser.js';
import { LanguagePrefilter } from '../../src/scanners/code/prefilter.js';
import type { CodeRule } from '../../src/scanners/code/rule.js';
import { CODE_RULES } from '../../src/scanners/code/rules/index.js';
import { createCodeScanner, skipReason } from '../../src/scanners/code/scanner.js';
import { intOption, positionals } from '../api-scan/stats.js';

type Source = { path: string; text: string };

const maxBytes = intOption(process.argv, '--max-mb', 200) * 1024 * 1024;
const jsonlAt = process.argv.indexOf('--jsonl');
const jsonl = jsonlAt >= 0 ? process.argv[jsonlAt + 1] : undefined;

/** Code files under a folder, in a stable order, presented as the project's own (not vendored). */
function collect(dir: string, budget: { bytes: number }): Source[] {
  const files: Source[] = [];
  const stack = [dir];
  while (stack.length > 0 && budget.bytes < maxBytes) {
    const current = stack.pop() as string;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => b.name.localeCompare(a.name));
    } catch {
      continue;
    }
    for (const e of entries) {
      const path = join(current, e.name);
      if (e.isDirectory()) stack.push(path);
      else if (e.isFile() && languageOf(e.name) && statSync(path).size > 0 && budget.bytes < maxBytes) {
        const text = readFileSync(path, 'utf8');
        files.push({ path: `src/${relative(dir, path)}`, text });
        budget.bytes += text.length;
      }
    }
  }
  return files;
}

const key = (f: RawFinding): string => `${f.ruleId}\t${f.path}:${f.line}:${f.column}\t${f.severity}\t${f.confidence}\t${f.description}`;

interface Tally {
  files: number;
  parsed: number;
  findings: number;
  ruleRuns: number;
  ruleRunsWithout: number;
}

const budget = { bytes: 0 };
const given = positionals(process.argv.slice(2), ['--max-mb', '--jsonl']);
const sources: Source[] = given.flatMap((dir) => collect(dir, budget));
if (jsonl) for (const line of readFileSync(jsonl, 'utf8').split('\n')) if (line.trim()) sources.push(JSON.parse(line) as Source);

const EXTENSION: Readonly<Record<CodeLanguage, string>> = { javascript: 'js', typescript: 'ts', tsx: 'tsx', python: 'py', php: 'php', go: 'go', java: 'java', ruby: 'rb' };
for (const rule of CODE_RULES) {
  for (const [i, e] of rule.docs.examples.entries()) {
    for (const text of [e.bad, e.good]) sources.push({ path: `docs/${rule.id}-${i}.${EXTENSION[e.language]}`, text });
  }
}

const prefiltered = createCodeScanner();
const unfiltered = createCodeScanner(CODE_RULES.map((r): CodeRule => ({ ...r, triggers: undefined })));
await prefiltered.init?.();
const rulesOf = new Map<CodeLanguage, LanguagePrefilter<CodeRule>>();
const tallies = new Map<string, Tally>();
const missed: string[] = [];
const byRule = new Map<string, number>();
const extra: string[] = [];
/** Per rule: bytes of parsed files it let through and reported nothing in; `alone`, those no other rule let through. */
const letThrough = new Map<string, { bytes: number; alone: number }>();
let parsedBytes = 0;
let dryBytes = 0;

for (const source of sources) {
  const language = languageOf(source.path);
  if (!language || skipReason(source.path, source.text)) continue;
  let prefilter = rulesOf.get(language);
  if (!prefilter) rulesOf.set(language, (prefilter = new LanguagePrefilter(CODE_RULES.filter((r) => r.languages.includes(language)), language)));
  const tally = tallies.get(language) ?? { files: 0, parsed: 0, findings: 0, ruleRuns: 0, ruleRunsWithout: 0 };
  tallies.set(language, tally);
  const chosen = prefilter.select(source.text);
  const selected = chosen.length;
  const all = CODE_RULES.filter((r) => r.languages.includes(language)).length;
  const withFindings = prefiltered.scanFile(source);
  const withKeys = new Set(withFindings.map(key));
  const reporting = new Set(withFindings.map((f) => f.ruleId));
  for (const rule of chosen) {
    if (reporting.has(rule.id)) continue;
    const dry = letThrough.get(rule.id) ?? { bytes: 0, alone: 0 };
    letThrough.set(rule.id, dry);
    dry.bytes += source.text.length;
    // The prefiltered scan runs only the chosen rules, so with one chosen that reported nothing, the file gave nothing.
    if (selected === 1) dry.alone += source.text.length;
  }
  if (selected > 0) {
    parsedBytes += source.text.length;
    if (reporting.size === 0) dryBytes += source.text.length;
  }
  const withoutKeys = new Set(unfiltered.scanFile(source).map(key));
  tally.files++;
  tally.parsed += selected > 0 ? 1 : 0;
  tally.findings += withoutKeys.size;
  tally.ruleRuns += selected;
  tally.ruleRunsWithout += all;
  for (const k of withoutKeys) {
    const rule = k.split('\t')[0] as string;
    byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
    if (!withKeys.has(k)) missed.push(k);
  }
  for (const k of withKeys) if (!withoutKeys.has(k)) extra.push(k);
}

process.stdout.write(`${sources.length} sources (${(budget.bytes / 1e6).toFixed(1)} MB from folders)\n`);
for (const [language, t] of [...tallies].sort()) {
  const pct = (a: number, b: number) => `${b > 0 ? ((100 * a) / b).toFixed(1) : '0'}%`;
  process.stdout.write(
    `${language.padEnd(10)} ${t.files} files, ${t.parsed} parsed (${pct(t.parsed, t.files)}), rule runs ${t.ruleRuns} of ${t.ruleRunsWithout} (${pct(t.ruleRuns, t.ruleRunsWithout)}), ${t.findings} findings without the prefilter\n`,
  );
}
// Where parsing buys nothing: the rules whose terms let files through that they then report nothing in
// (a file may still give cross-file facts). The first column is what a perfect term for that rule alone would save.
process.stdout.write(`parsed ${(parsedBytes / 1e6).toFixed(1)} MB, of which ${(dryBytes / 1e6).toFixed(1)} MB in files with no finding; rules letting files through that they report nothing in (MB let through by it alone, MB in all):\n`);
for (const [rule, d] of [...letThrough].sort((a, b) => b[1].alone - a[1].alone || b[1].bytes - a[1].bytes).slice(0, 12)) {
  process.stdout.write(`  ${(d.alone / 1e6).toFixed(2).padStart(6)} ${(d.bytes / 1e6).toFixed(2).padStart(7)}  ${rule}\n`);
}
const counts = [...byRule].sort((a, b) => a[0].localeCompare(b[0])).map(([r, n]) => `${r} ${n}`);
process.stdout.write(`findings by rule (without the prefilter): ${counts.join(', ')}\n`);
process.stdout.write(`missed by the prefilter: ${missed.length}; only with it: ${extra.length}\n`);
for (const k of [...missed, ...extra].slice(0, 50)) process.stdout.write(`  ${k}\n`);
process.exitCode = missed.length + extra.length > 0 ? 1 : 0;
