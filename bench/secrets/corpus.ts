/**
 * The deterministic benchmark corpus: about 105 MB of generated source and
 * configuration in ~10,000 files, with a few hundred planted secrets whose
 * file and line are recorded in a manifest beside (not inside) the tree.
 * Generated once and cached under bench/.corpus/secrets-v1/ (gitignored).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeLines } from './filler-code.js';
import { textLines } from './filler-text.js';
import { PLANT_KINDS, plantSnippet, type Lang, type PlantKind, type Snippet } from './planted.js';
import { Rng } from './random.js';

export const CORPUS_VERSION = 'secrets-v1';
const SEED = 'vigil-secrets-bench-v1';
/** Planned bytes; the files come out slightly larger than planned. */
const TARGET_BYTES = 105_000_000;
const PLANTS_PER_KIND = 40;

export const CACHE_ROOT = fileURLToPath(new URL(`../.corpus/${CORPUS_VERSION}/`, import.meta.url));
export const CORPUS_DIR = join(CACHE_ROOT, 'tree');
const MANIFEST = join(CACHE_ROOT, 'manifest.json');

export interface Plant {
  readonly kind: PlantKind;
  readonly path: string;
  /** 1-based line where the secret starts; it covers `span` lines. */
  readonly line: number;
  readonly span: number;
  readonly value: string;
}

export interface Manifest {
  readonly version: string;
  readonly seed: string;
  readonly files: number;
  readonly bytes: number;
  readonly plants: readonly Plant[];
}

const LANG_WEIGHTS: readonly (readonly [Lang, number])[] = [
  ['ts', 22], ['js', 10], ['py', 16], ['go', 12], ['java', 12], ['yaml', 8], ['json', 7], ['md', 7], ['env', 3], ['conf', 3],
];

function pickLang(rng: Rng): Lang {
  let roll = rng.float() * LANG_WEIGHTS.reduce((n, [, w]) => n + w, 0);
  for (const [lang, weight] of LANG_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return lang;
  }
  return 'ts';
}

function pathFor(rng: Rng, lang: Lang, pools: Record<string, readonly string[]>): string {
  const p = (name: string): string => rng.pick(pools[name] ?? []);
  switch (lang) {
    case 'ts':
      return rng.chance(0.08) ? `packages/${p('pkg')}/test/${rng.kebab(2)}.test.ts` : `packages/${p('pkg')}/src/${p('dir')}/${rng.kebab(2)}.ts`;
    case 'js':
      return `apps/${p('app')}/lib/${p('dir')}/${rng.kebab(2)}.js`;
    case 'py':
      return `services/${p('svc')}/${p('mod')}/${rng.snake(2)}.py`;
    case 'go':
      return `internal/${p('mod')}/${rng.snake(2)}.go`;
    case 'java':
      return `backend/src/main/java/com/acme/${p('mod')}/${rng.pascal(2)}Service.java`;
    case 'yaml':
      return rng.chance(0.2) ? `.github/workflows/${rng.kebab(2)}.yml` : `deploy/${p('stage')}/${rng.kebab(2)}.yaml`;
    case 'json':
      return `config/${p('app')}/${rng.kebab(2)}.json`;
    case 'md':
      return `docs/${p('dir')}/${rng.kebab(2)}.md`;
    case 'env':
      return rng.pick([`deploy/${p('stage')}/${p('svc')}.env`, `services/${p('svc')}/.env.example`, `apps/${p('app')}/.env.${p('stage')}`]);
    case 'conf':
      return `config/${p('svc')}/${rng.kebab(2)}.${rng.pick(['ini', 'toml', 'properties', 'conf'])}`;
  }
}

function linesFor(rng: Rng, lang: Lang, target: number): string[] {
  if (lang === 'yaml' || lang === 'json' || lang === 'md' || lang === 'env' || lang === 'conf') return textLines(rng, lang, target);
  return codeLines(rng, lang, target);
}

/** Where a snippet may go without breaking the file's structure much. */
function anchorOk(lang: Lang, line: string): boolean {
  if (lang === 'json') return /^\s+"/.test(line);
  if (lang === 'yaml') return /^[A-Za-z]/.test(line);
  if (lang === 'md') return line === '';
  return true;
}

/** Inserts the snippets at distinct anchors and returns the planted positions. */
function plant(rng: Rng, lang: Lang, lines: string[], path: string, kinds: readonly PlantKind[]): Plant[] {
  const anchors = new Set<number>();
  const chosen: { anchor: number; snippet: Snippet; kind: PlantKind }[] = [];
  for (const kind of kinds) {
    let anchor = rng.int(1, lines.length - 1);
    for (let tries = 0; tries < 200 && (anchors.has(anchor) || !anchorOk(lang, lines[anchor] ?? '')); tries++) anchor = rng.int(1, lines.length - 1);
    anchors.add(anchor);
    chosen.push({ anchor, snippet: plantSnippet(rng, kind, lang), kind });
  }
  chosen.sort((a, b) => a.anchor - b.anchor);
  const plants: Plant[] = [];
  let shift = 0;
  for (const { anchor, snippet, kind } of chosen) {
    plants.push({ kind, path, line: anchor + shift + snippet.offset + 1, span: snippet.span, value: snippet.value });
    shift += snippet.lines.length;
  }
  for (const { anchor, snippet } of [...chosen].reverse()) {
    const indent = snippet.lines.length === 1 && lang !== 'yaml' ? (/^\s*/.exec(lines[anchor] ?? '')?.[0] ?? '') : '';
    lines.splice(anchor, 0, ...snippet.lines.map((l) => indent + l));
  }
  return plants;
}

async function generate(root: string): Promise<Manifest> {
  const rng = new Rng(SEED);
  const pools: Record<string, readonly string[]> = {};
  for (const [name, count] of [['pkg', 40], ['dir', 30], ['app', 12], ['svc', 25], ['mod', 45], ['stage', 4]] as const) {
    pools[name] = Array.from({ length: count }, () => (name === 'stage' ? rng.pick(['dev', 'staging', 'prod', 'qa', 'eu', 'us']) : rng.snake(rng.int(1, 2))));
  }
  const plan: { lang: Lang; path: string; size: number }[] = [];
  const used = new Set<string>();
  for (let planned = 0; planned < TARGET_BYTES; ) {
    const lang = pickLang(rng);
    let path = pathFor(rng, lang, pools);
    if (used.has(path)) path = path.replace(/\/([^/]+)$/, `/v${plan.length}/$1`);
    used.add(path);
    const size = Math.round(5_000 + 15_000 * rng.float() ** 2);
    plan.push({ lang, path, size });
    planned += size;
  }
  const kindsAt = new Map<number, PlantKind[]>();
  for (const kind of PLANT_KINDS) {
    for (let i = 0; i < PLANTS_PER_KIND; i++) {
      const index = rng.int(0, plan.length - 1);
      kindsAt.set(index, [...(kindsAt.get(index) ?? []), kind]);
    }
  }
  const plants: Plant[] = [];
  let bytes = 0;
  for (const [index, file] of plan.entries()) {
    const lines = linesFor(rng, file.lang, file.size);
    const kinds = kindsAt.get(index);
    if (kinds !== undefined) plants.push(...plant(rng, file.lang, lines, file.path, kinds));
    const text = `${lines.join('\n')}\n`;
    bytes += Buffer.byteLength(text);
    await mkdir(dirname(join(root, file.path)), { recursive: true });
    await writeFile(join(root, file.path), text);
  }
  return { version: CORPUS_VERSION, seed: SEED, files: plan.length, bytes, plants };
}

/** The cached corpus, generated first if missing. */
export async function ensureCorpus(log: (text: string) => void): Promise<Manifest> {
  if (existsSync(MANIFEST) && existsSync(CORPUS_DIR)) return JSON.parse(await readFile(MANIFEST, 'utf8')) as Manifest;
  const partial = `${CORPUS_DIR}.partial`;
  await rm(partial, { recursive: true, force: true });
  await rm(CORPUS_DIR, { recursive: true, force: true });
  log(`Generating the corpus in ${CORPUS_DIR} (once; cached afterwards)…`);
  const started = performance.now();
  const manifest = await generate(partial);
  await rename(partial, CORPUS_DIR);
  await writeFile(MANIFEST, `${JSON.stringify(manifest)}\n`);
  log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return manifest;
}
