/**
 * Extraction accuracy: Vigil's dependency extractors over the lockfile and manifest fixtures of
 * osv-scalibr's own test suites (the extractors OSV-Scanner runs), scored against the packages
 * those tests expect. The corpus lives in the gitignored bench/.corpus/osv-scalibr (never
 * committed: only the figures are). Expected packages are read from each extractor's Go test
 * table: every entry's `Path: "testdata/…"` and the `Name:`/`Version:` pairs of its
 * `WantPackages`; an entry with `WantErr` is an invalid fixture and is only counted.
 *
 * Per file kind: fixtures, exact matches (same set of name@version), precision and recall over
 * the name@version pairs (micro-averaged). Names are compared as the ecosystem compares them
 * (PEP 503 for PyPI, case-insensitive for Packagist and NuGet).
 *
 * Run: npm run bench:deps -- --accuracy [--corpus DIR] [--details]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { normalisePackageName } from '../../src/scanners/dependencies/advisories/match.js';
import { EXTRACTORS } from '../../src/scanners/dependencies/extractors/index.js';
import type { Ecosystem, Extractor } from '../../src/scanners/dependencies/types.js';

/** osv-scalibr extractor folder → Vigil extractor id and the file name the fixture stands for. */
const KINDS: readonly { readonly folder: string; readonly extractor: string; readonly file: string }[] = [
  { folder: 'javascript/packagelockjson', extractor: 'package-lock', file: 'package-lock.json' },
  { folder: 'javascript/yarnlock', extractor: 'yarn-lock', file: 'yarn.lock' },
  { folder: 'javascript/pnpmlock', extractor: 'pnpm-lock', file: 'pnpm-lock.yaml' },
  { folder: 'javascript/bunlock', extractor: 'bun-lock', file: 'bun.lock' },
  { folder: 'python/requirements', extractor: 'requirements-txt', file: '' },
  { folder: 'python/pipfilelock', extractor: 'pipfile-lock', file: 'Pipfile.lock' },
  { folder: 'python/poetrylock', extractor: 'poetry-lock', file: 'poetry.lock' },
  { folder: 'python/uvlock', extractor: 'uv-lock', file: 'uv.lock' },
  { folder: 'golang/gomod', extractor: 'go-mod', file: 'go.mod' },
  { folder: 'rust/cargolock', extractor: 'cargo-lock', file: 'Cargo.lock' },
  { folder: 'ruby/gemfilelock', extractor: 'gemfile-lock', file: 'Gemfile.lock' },
  { folder: 'php/composerlock', extractor: 'composer-lock', file: 'composer.lock' },
  { folder: 'java/pomxml', extractor: 'pom-xml', file: 'pom.xml' },
  { folder: 'java/gradlelockfile', extractor: 'gradle-lockfile', file: 'gradle.lockfile' },
  { folder: 'dotnet/packageslockjson', extractor: 'packages-lock-json', file: 'packages.lock.json' },
];

interface Expectation {
  readonly path: string;
  /** undefined: the test expects an error (an invalid fixture). */
  readonly packages: readonly { name: string; version: string }[] | undefined;
}

/** The test table entries of one Go test file: fixture path and expected packages. */
export function expectationsOf(goTest: string): Expectation[] {
  const out: Expectation[] = [];
  // Two table shapes: `InputConfig: extracttest.ScanInputMockConfig{Path: "…"}` and a plain `path: "…"` field.
  const starts = [...goTest.matchAll(/(?:InputConfig:\s*extracttest\.ScanInputMockConfig\{\s*Path|\bpath):\s*"(testdata\/[^"]+)"/g)];
  starts.forEach((start, i) => {
    // An entry ends where the next one starts, or where its test table closes (`\t}` at one tab).
    const tableEnd = goTest.indexOf('\n\t}\n', start.index);
    const end = Math.min(starts[i + 1]?.index ?? goTest.length, tableEnd === -1 ? goTest.length : tableEnd);
    const body = goTest.slice(start.index, end);
    const path = start[1] ?? '';
    if (/\b(?:WantErr|wantErr):\s*(?!nil\b)/.test(body)) {
      out.push({ path, packages: undefined });
      return;
    }
    const tokens = [...body.matchAll(/\b(Name|Version):\s*"((?:[^"\\]|\\.)*)"|\b[a-z]\w*\(t,\s*"([^"]+)",\s*"([^"]*)"/g)];
    const packages: { name: string; version: string }[] = [];
    for (let k = 0; k < tokens.length; k++) {
      const token = tokens[k] as RegExpExecArray;
      if (token[3] !== undefined) {
        // A helper such as pkg(t, "name", "version", …).
        packages.push({ name: token[3], version: token[4] ?? '' });
        continue;
      }
      const next = tokens[k + 1];
      if (token[1] === 'Name' && next?.[1] === 'Version') {
        packages.push({ name: token[2] ?? '', version: next[2] ?? '' });
        k++;
      }
    }
    out.push({ path, packages });
  });
  // One fixture may be tested twice (with different settings): keep the first.
  const seen = new Set<string>();
  return out.filter((e) => !seen.has(e.path) && seen.add(e.path));
}

function key(ecosystem: Ecosystem, name: string, version: string): string {
  // Go's standard library: `1.17` and `1.17.0` are the same release (OSV spells the latter).
  const v = ecosystem === 'Go' && name === 'stdlib' && /^\d+\.\d+$/.test(version) ? `${version}.0` : version;
  return `${normalisePackageName(ecosystem, name)}@${v}`;
}

/** Runs one extractor over a fixture, following `includes` (pip -r/-c, go.sum) inside the corpus. */
function extractFixture(extractor: Extractor, file: string, fixture: string): Set<string> {
  const dir = dirname(fixture);
  const name = file === '' ? fixture.slice(dir.length + 1) : file;
  const virtual = `fixture/${name}`;
  const found = new Set<string>();
  const pending: { path: string; real: string }[] = [{ path: virtual, real: fixture }];
  const visited = new Set<string>();
  while (pending.length > 0) {
    const { path, real } = pending.shift() as { path: string; real: string };
    if (visited.has(real) || !existsSync(real)) continue;
    visited.add(real);
    const text = readFileSync(real, 'utf8');
    for (const p of extractor.extract(path, text).packages) if (p.version !== undefined) found.add(key(extractor.ecosystem, p.name, p.version));
    for (const include of extractor.includes?.(path, text) ?? []) {
      // go.sum beside a testdata `x.mod` is `x.sum`.
      const realInclude = include.endsWith('/go.sum') ? fixture.replace(/\.mod$/, '.sum') : join(dir, include.slice('fixture/'.length));
      pending.push({ path: include, real: realInclude });
    }
  }
  return found;
}

export interface KindScore {
  readonly kind: string;
  readonly fixtures: number;
  readonly invalid: number;
  readonly exact: number;
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly misses: string[];
}

export function scoreCorpus(root: string): KindScore[] {
  const scores: KindScore[] = [];
  for (const kind of KINDS) {
    const folder = join(root, 'extractor/filesystem/language', kind.folder);
    const extractor = EXTRACTORS.find((e) => e.id === kind.extractor);
    if (!existsSync(folder) || extractor === undefined) continue;
    const tests = readdirSync(folder).filter((f) => f.endsWith('_test.go'));
    const score = { kind: kind.file || 'requirements.txt', fixtures: 0, invalid: 0, exact: 0, tp: 0, fp: 0, fn: 0, misses: [] as string[] };
    for (const test of tests) {
      for (const expectation of expectationsOf(readFileSync(join(folder, test), 'utf8'))) {
        const fixture = join(folder, expectation.path);
        if (!existsSync(fixture)) continue;
        if (expectation.packages === undefined) {
          score.invalid++;
          continue;
        }
        score.fixtures++;
        const want = new Set(expectation.packages.filter((p) => p.version !== '').map((p) => key(extractor.ecosystem, p.name, p.version)));
        const got = extractFixture(extractor, kind.file, fixture);
        const tp = [...got].filter((k) => want.has(k)).length;
        score.tp += tp;
        score.fp += got.size - tp;
        score.fn += want.size - tp;
        if (tp === got.size && tp === want.size) score.exact++;
        else {
          const missing = [...want].filter((k) => !got.has(k));
          const extra = [...got].filter((k) => !want.has(k));
          score.misses.push(`${kind.folder}/${expectation.path}: missing ${missing.slice(0, 5).join(' ') || '-'}; extra ${extra.slice(0, 5).join(' ') || '-'}`);
        }
      }
    }
    scores.push(score);
  }
  return scores;
}

const ratio = (a: number, b: number) => (b === 0 ? '—' : (a / b).toFixed(3));

export function accuracyTable(scores: readonly KindScore[]): string {
  const rows = scores.map((s) => `| ${s.kind} | ${s.fixtures} | ${s.invalid} | ${s.exact}/${s.fixtures} | ${ratio(s.tp, s.tp + s.fp)} | ${ratio(s.tp, s.tp + s.fn)} |`);
  const total = scores.reduce((t, s) => ({ fixtures: t.fixtures + s.fixtures, invalid: t.invalid + s.invalid, exact: t.exact + s.exact, tp: t.tp + s.tp, fp: t.fp + s.fp, fn: t.fn + s.fn }), {
    fixtures: 0,
    invalid: 0,
    exact: 0,
    tp: 0,
    fp: 0,
    fn: 0,
  });
  return [
    '| File kind | Valid fixtures | Invalid fixtures | Exact match | Precision | Recall |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| **All** | ${total.fixtures} | ${total.invalid} | ${total.exact}/${total.fixtures} | ${ratio(total.tp, total.tp + total.fp)} | ${ratio(total.tp, total.tp + total.fn)} |`,
  ].join('\n');
}

/** Prints the table; says how to get the corpus when it is missing. */
export function runAccuracy(argv: readonly string[]): void {
  const at = argv.indexOf('--corpus');
  const root = at !== -1 && argv[at + 1] !== undefined ? (argv[at + 1] as string) : join(import.meta.dirname, '..', '.corpus', 'osv-scalibr');
  if (!existsSync(join(root, 'extractor'))) {
    process.stdout.write(
      `Extraction accuracy: no corpus at ${root}. Get it with\n  git clone --depth 1 https://github.com/google/osv-scalibr ${root}\n(only extractor/filesystem/language/* is read; the corpus is gitignored and never committed).\n`,
    );
    return;
  }
  const commit = existsSync(join(root, 'COMMIT')) ? readFileSync(join(root, 'COMMIT'), 'utf8').trim().slice(0, 10) : 'unknown commit';
  const scores = scoreCorpus(root);
  process.stdout.write(`\nExtraction accuracy over osv-scalibr's extractor test fixtures (${commit}):\n\n${accuracyTable(scores)}\n`);
  if (argv.includes('--details')) for (const s of scores) for (const m of s.misses) process.stdout.write(`  ${m}\n`);
  process.stdout.write('OSV-Scanner side by side: not run (no osv-scanner binary on this machine, and it cannot be built or downloaded here).\n');
}
