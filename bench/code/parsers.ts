/**
 * The code scanner's two parser back ends (src/scanners/code/parser.ts) side by side: checks that
 * they give the same tree for every file, then measures parse + copy into plain nodes, in CPU
 * seconds of this thread, alternating the back ends round by round.
 *
 *   npm run bench:parsers                       # Juice Shop and BenchmarkPython from bench/.corpus
 *   npm run bench:parsers -- <dir> [<dir>…]     # any folders (node_modules and .git left out)
 *   npm run bench:parsers -- --rounds 9         # rounds per back end (default 7; the first is reported apart)
 *   npm run bench:parsers -- --fresh 3          # also: N fresh processes per back end, each loading the
 *                                               # back end and parsing every file once (all threads' CPU)
 *
 * A warm thread's rate is what a long-lived worker sees; the fresh-process figure is what one
 * scan thread pays from its start, WebAssembly compilation and tier-up on V8's threads included.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageOf, loadAllLanguages, loadWasmLanguages, parse, parserBackend, setParserBackend, type CodeLanguage, type ParserBackend, type SyntaxNode } from '../../src/scanners/code/parser.js';
import { intOption, machine, positionals } from '../api-scan/stats.js';
import { processCpuSeconds, threadCpuSeconds } from './cpu.js';

const MAX_FILE = 512 * 1024;
const BACKENDS: readonly ParserBackend[] = ['wasm', 'native'];
const CORPUS = fileURLToPath(new URL('../.corpus', import.meta.url));

interface Source {
  readonly path: string;
  readonly text: string;
  readonly language: CodeLanguage;
}

function collect(dirs: readonly string[]): Source[] {
  const out: Source[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '.git') walk(path);
      } else if (entry.isFile()) {
        const language = languageOf(path);
        if (language && statSync(path).size <= MAX_FILE) out.push({ path, text: readFileSync(path, 'utf8'), language });
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}

/** The first difference between two trees, or undefined. */
function difference(a: SyntaxNode, b: SyntaxNode): string | undefined {
  for (const key of ['type', 'named', 'field', 'start', 'end', 'row'] as const) {
    if (a[key] !== b[key]) return `${key} ${String(a[key])} vs ${String(b[key])} at offset ${a.start}`;
  }
  if (a.children.length !== b.children.length) return `${a.children.length} vs ${b.children.length} children of ${a.type} at offset ${a.start}`;
  for (let i = 0; i < a.children.length; i++) {
    const found = difference(a.children[i] as SyntaxNode, b.children[i] as SyntaxNode);
    if (found) return found;
  }
  return undefined;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function child(backend: ParserBackend, dirs: readonly string[]): Promise<void> {
  const sources = collect(dirs);
  const before = processCpuSeconds();
  await loadAllLanguages();
  if (parserBackend().backend !== backend) throw new Error(`asked for ${backend}, got ${String(parserBackend().backend)}`);
  for (const s of sources) parse(s.text, s.language);
  console.log(JSON.stringify({ cpu: processCpuSeconds() - before }));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const childAt = argv.indexOf('--child');
  const given = positionals(argv, ['--rounds', '--fresh', '--child']);
  const dirs = given.length > 0 ? given : [join(CORPUS, 'apps', 'juice-shop'), join(CORPUS, 'BenchmarkPython')];
  if (childAt >= 0) return child(argv[childAt + 1] as ParserBackend, dirs);

  const rounds = intOption(argv, '--rounds', 7);
  const fresh = intOption(argv, '--fresh', 0);
  await loadAllLanguages();
  await loadWasmLanguages();
  setParserBackend('native');
  console.log(`# parser back ends: ${machine()}`);
  for (const dir of dirs) {
    const sources = collect([dir]);
    const mb = sources.reduce((n, s) => n + Buffer.byteLength(s.text), 0) / 1e6;
    let differences = 0;
    let nodes = 0;
    for (const s of sources) {
      const trees = BACKENDS.map((b) => (setParserBackend(b), parse(s.text, s.language)));
      const [wasm, native] = trees;
      const found = !wasm || !native ? `parsed by ${wasm ? 'WebAssembly only' : native ? 'native only' : 'neither'}` : difference(wasm.root, native.root) ?? (wasm.errorChars !== native.errorChars ? 'errorChars' : undefined);
      if (found && ++differences <= 5) console.log(`  DIFFERENT ${s.path}: ${found}`);
      nodes += wasm?.nodesByType ? [...wasm.nodesByType.values()].reduce((n, l) => n + l.length, 0) : 0;
    }
    const cpu: Record<ParserBackend, number[]> = { wasm: [], native: [] };
    for (let r = 0; r < rounds; r++) {
      for (const b of r % 2 === 0 ? BACKENDS : [...BACKENDS].reverse()) {
        setParserBackend(b);
        const start = threadCpuSeconds();
        for (const s of sources) parse(s.text, s.language);
        cpu[b].push(threadCpuSeconds() - start);
      }
    }
    console.log(`${dir}: ${sources.length} files, ${mb.toFixed(2)} MB, ${nodes} named nodes; trees different: ${differences}`);
    for (const b of BACKENDS) {
      const later = cpu[b].slice(1);
      const m = median(later.length > 0 ? later : cpu[b]);
      console.log(`  ${b.padEnd(6)} parse+copy: ${(mb / m).toFixed(2)} MB/CPU-s (median of rounds 2-${rounds}: ${m.toFixed(3)} s; round 1: ${(cpu[b][0] as number).toFixed(3)} s)`);
    }
    for (let f = 0; f < fresh; f++) {
      const line: string[] = [];
      for (const b of BACKENDS) {
        const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', b, dir], { encoding: 'utf8', env: { ...process.env, VIGIL_PARSER: b } });
        const out = (run.stdout.trim().split('\n').at(-1) ?? '').trim();
        if (run.status !== 0 || !out.startsWith('{')) throw new Error(`fresh ${b} run failed: ${run.stderr}`);
        line.push(`${b} ${(JSON.parse(out) as { cpu: number }).cpu.toFixed(3)} s`);
      }
      console.log(`  fresh process, load + one pass (all threads' CPU): ${line.join(', ')}`);
    }
  }
}

await main();
