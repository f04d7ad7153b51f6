import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NodeIndex } from '../../../src/scanners/code/ast.js';
import {
  CODE_LANGUAGES,
  DROPPED_TOKENS,
  loadAllLanguages,
  loadWasmLanguages,
  nativeParserPath,
  parse,
  parseAhead,
  parseAheadStats,
  PARSE_AHEAD_FILES,
  parserBackend,
  parsesAhead,
  setParseAhead,
  setParserBackend,
  setRawCopy,
  type CodeLanguage,
  type ParsedFile,
  type ParserBackend,
  type SyntaxNode,
} from '../../../src/scanners/code/parser.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { fixtureSources } from './helpers.js';

/** The copied tree as plain data (parents checked separately). */
function shape(node: SyntaxNode): unknown {
  const { type, named, field, start, end, row } = node;
  return { type, named, field, start, end, row, children: node.children.map(shape) };
}

function parentsPointBack(node: SyntaxNode): boolean {
  return node.children.every((c) => c.parent === node && parentsPointBack(c));
}

const samples: [string, CodeLanguage, string][] = [
  ...CODE_RULES.flatMap((r) => r.docs.examples.flatMap((e, i) => [[`${r.id} #${i} vulnerable`, e.language, e.bad], [`${r.id} #${i} safe`, e.language, e.good]] as [string, CodeLanguage, string][])),
  ['broken JavaScript', 'javascript', 'function ( {\n  const = ;\n}}} ((( \n\nlet x = `a${b`\n'],
  ['non-ASCII text', 'typescript', "const s = '日本語 😀';\nconst t = `😀${s}😀`;\nexport function f(a: string): string {\n  return a + s; // ünïcödé\n}\n"],
  ['broken Python', 'python', 'def (:\n  ))) class\n\t\t::: ' + '(['.repeat(50)],
  ['empty file', 'javascript', ''],
];

beforeAll(async () => {
  await loadAllLanguages();
  await loadWasmLanguages();
});

let chosen: ParserBackend | undefined;
beforeAll(() => {
  chosen = parserBackend().backend;
});

afterEach(() => {
  setRawCopy(true);
  if (chosen) setParserBackend(chosen);
});

describe('parser: the direct (raw) tree copy', () => {
  it.each(samples)('copies %s exactly as the portable cursor copy does', (_, language, text) => {
    setParserBackend('wasm');
    setRawCopy(true);
    const fast = parse(text, language);
    setRawCopy(false);
    const portable = parse(text, language);
    expect(fast).toBeDefined();
    expect(portable).toBeDefined();
    if (!fast || !portable) return;
    expect(shape(fast.root)).toEqual(shape(portable.root));
    expect(fast.errorChars).toBe(portable.errorChars);
    expect(parentsPointBack(fast.root)).toBe(true);
    expect(fast.root.parent).toBeNull();
  });

  it.each(samples)('gathers the node index of %s as NodeIndex does from the tree', (_, language, text) => {
    const parsed = parse(text, language);
    expect(parsed?.nodesByType).toBeDefined();
    if (!parsed?.nodesByType) return;
    const gathered = new NodeIndex(parsed.root, parsed.nodesByType);
    const walked = new NodeIndex(parsed.root);
    const types = new Set([...parsed.nodesByType.keys()]);
    for (const type of types) {
      const [a, b] = [gathered.of(type), walked.of(type)];
      expect(a.length).toBe(b.length);
      expect(a.every((n, i) => n === b[i])).toBe(true);
    }
    expect(walked.of('no_such_type')).toEqual([]);
    expect([...types].reduce((n, t) => n + walked.of(t).length, 0)).toBe(countNamed(parsed.root));
  });
});

function countNamed(node: SyntaxNode): number {
  return (node.named ? 1 : 0) + node.children.reduce((n, c) => n + countNamed(c), 0);
}

/** One snippet per language with the shapes that move offsets and recovery: astral characters, CRLF, tabs, broken code. */
const snippets: [string, CodeLanguage, string][] = [
  ['JavaScript: JSX, templates, regexes, astral text', 'javascript', "const a = <div title={`${x} 😀`}>{y}</div>;\r\nconst re = /[😀-😎]+/u; let s = '😀' + `a${b}c`;\n\tfunction f(x = 1, ...r) { return x?.y ?? r[0]; }\n"],
  ['TypeScript: generics, decorators, enums', 'typescript', "@Component({ s: 'x' })\nclass A<T extends B> implements C { private x?: T; constructor(readonly y: string) {} }\nenum E { A = 1, B }\ntype U = keyof typeof A | `k${string}`;\nconst z = <T,>(v: T): v is T => !!v; // 😀\n"],
  ['TSX: components and generic arrows', 'tsx', "export const App = ({ n }: { n: number }) => <ul>{[1, 2].map((i) => <li key={i}>{i * n}</li>)}</ul>;\nconst g = <T,>(x: T) => x;\n"],
  ['Python: f-strings, decorators, match', 'python', "@app.route('/x')\ndef f(a, *args, b=1, **kw):\n    s = f'{a!r:>10} 😀 {b}'\n    match a:\n        case [1, *rest]: return rest\n        case _: pass\n    return lambda y: y ** 2\n"],
  ['PHP: HTML, heredoc, interpolation', 'php', "<html><?php echo $x; ?>\n<?php\n$s = <<<EOT\nHello {$a['b']} $c->d 😀\nEOT;\nfunction f(int $x = 1): ?string { return \"v: {$x}\"; }\n$q = \"SELECT * FROM t WHERE id = \" . $_GET['id'];\n"],
  ['Go: generics, raw strings, goroutines', 'go', "package main\n\nimport \"fmt\"\n\nfunc Map[T any, U any](xs []T, f func(T) U) []U { var r []U; for _, x := range xs { r = append(r, f(x)) }; return r }\n\nfunc main() { s := `raw 😀 ${x}`; go func() { fmt.Println(s) }(); }\n"],
  ['Java: annotations, lambdas, text blocks', 'java', "@RestController\npublic class C<T> {\n  @GetMapping(\"/x\") String f(@RequestParam String q) { Runnable r = () -> System.out.println(q + \"😀\"); return \"\"\"\n    text block\n    \"\"\"; }\n}\n"],
  ['Ruby: blocks, heredocs, interpolation', 'ruby', "class A < B\n  def f(x, *r, k: 1, &blk)\n    s = <<~EOS\n      hi #{x} 😀\n    EOS\n    [1, 2].each { |i| puts \"#{i}\" }\n    `ls #{params[:d]}`\n  end\nend\n"],
  // Hidden nodes made visible by an alias (`as_pattern_target`), fields looked up through hidden nodes, extras between children:
  // what the addon's own walk of the parser's subtrees must read as tree-sitter's cursor does.
  ['Python: with-as targets, comments between children', 'python', "with open(p) as f:  # c\n    data = f.read()\nwith open(a) as f, open(b) as (g, h):\n    pass\nprint(\n    x,  # between arguments\n    y,\n)\ndef g(a, /, b=1, *c, d, **e) -> int:\n    return [i for i in a if i if not i]\n"],
  ['broken Go', 'go', 'package main\nfunc ( {\n  x := := \n}}}\n'],
  ['broken Java', 'java', 'class { void f( { int = ; } } }'],
  ['broken PHP', 'php', '<?php function ( { $x = ; }} echo "unterminated'],
  ['broken Ruby', 'ruby', 'def (\n  end end end\nclass\n'],
  ['broken TSX', 'tsx', 'const x = <div><span></div>; function ('],
];

/** Every source file of the test fixtures (Go, Java, PHP, Ruby and the TypeScript of the fixture apps). */
const fixtureFiles = (): [string, CodeLanguage, string][] => fixtureSources().map(({ path, language, text }) => [path, language as CodeLanguage, text]);

function parseWith(backend: ParserBackend, text: string, language: CodeLanguage) {
  setParserBackend(backend);
  return parse(text, language);
}

/** Every node of a tree, in document order. */
function nodesOf(node: SyntaxNode): SyntaxNode[] {
  return [node, ...node.children.flatMap(nodesOf)];
}

describe('parser: punctuation is not copied', () => {
  const backends: ParserBackend[] = process.env.VIGIL_PARSER === 'wasm' ? ['wasm'] : ['native', 'wasm'];
  const cases = backends.flatMap((backend) => snippets.map(([name, language, text]) => [backend, name, language, text] as const));

  it.each(cases)('%s: %s has no bracket, comma, semicolon, dot or quote token outside a field, and keeps operators and keywords', (backend, _, language, text) => {
    const parsed = parseWith(backend, text, language);
    expect(parsed).toBeDefined();
    if (!parsed) return;
    const nodes = nodesOf(parsed.root);
    // A token that is also a field of its parent (PHP's `.` concatenation operator, Ruby's call operator) stays.
    expect(nodes.filter((n) => !n.named && n.field === null && DROPPED_TOKENS.has(n.type))).toEqual([]);
    // Anonymous operators and keywords are kept.
    expect(nodes.some((n) => !n.named)).toBe(true);
    expect(parentsPointBack(parsed.root)).toBe(true);
  });

  it.each(backends)('%s: keeps the operator, the keywords and the slice colon, and the named children in order', (backend) => {
    const js = parseWith(backend, 'function f(a, b) { return a + b[0]; }\n', 'javascript');
    const types = nodesOf(js?.root as SyntaxNode).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['function', 'return', '+']));
    expect(types.filter((t) => DROPPED_TOKENS.has(t))).toEqual([]);
    const params = nodesOf(js?.root as SyntaxNode).find((n) => n.type === 'formal_parameters') as SyntaxNode;
    expect(params.children.map((c) => c.type)).toEqual(['identifier', 'identifier']);
    const py = parseWith(backend, 'x = s[1:3]\n', 'python');
    const slice = nodesOf(py?.root as SyntaxNode).find((n) => n.type === 'slice') as SyntaxNode;
    expect(slice.children.map((c) => c.type)).toEqual(['integer', ':', 'integer']);
    const php = parseWith(backend, '<?php $q = "a" . $b;\n', 'php');
    const concat = nodesOf(php?.root as SyntaxNode).find((n) => n.type === 'binary_expression') as SyntaxNode;
    expect(concat.children.map((c) => [c.type, c.field])).toEqual([['encapsed_string', 'left'], ['.', 'operator'], ['variable_name', 'right']]);
  });
});

/** VIGIL_PARSER=wasm: a machine without the native build (no compiler at install) opts out of these. */
const wasmOnly = process.env.VIGIL_PARSER === 'wasm';

describe.skipIf(wasmOnly)('parser: the native and WebAssembly back ends give the same tree', () => {
  it('loads the native parser (built by npm install)', () => {
    expect(parserBackend().nativeError).toBeUndefined();
    expect(chosen).toBe('native');
  });

  const corpus = [...samples, ...snippets, ...fixtureFiles()];

  it('covers every language', () => {
    expect(new Set(corpus.map(([, language]) => language))).toEqual(new Set(CODE_LANGUAGES));
  });

  it.each(corpus)('%s', (_, language, text) => {
    const wasm = parseWith('wasm', text, language);
    const native = parseWith('native', text, language);
    expect(wasm).toBeDefined();
    expect(native).toBeDefined();
    if (!wasm || !native) return;
    expect(shape(native.root)).toEqual(shape(wasm.root));
    expect(native.errorChars).toBe(wasm.errorChars);
    expect(parentsPointBack(native.root)).toBe(true);
    expect(native.root.parent).toBeNull();
    // The node index gathered during the copy: the same lists in the same order.
    const index = (parsed: NonNullable<typeof wasm>) => new Map([...(parsed.nodesByType ?? [])].map(([type, nodes]) => [type, nodes.map((n) => n.start)] as const));
    expect(index(native)).toEqual(index(wasm));
  });

  it('gives up on a parse past its deadline, and the next parse starts afresh', () => {
    const addonPath = nativeParserPath() as string;
    const addon = createRequire(import.meta.url)(addonPath) as { parse(l: number, t: string, ms: number): Int32Array | undefined };
    const js = CODE_LANGUAGES.indexOf('javascript');
    const small = 'const a = f(b);\n';
    const expected = Array.from(addon.parse(js, small, 5000) ?? []);
    expect(expected.length).toBeGreaterThan(0);
    expect(addon.parse(js, 'let x = [1, 2, 3].map((y) => y * 2);\n'.repeat(20_000), 0)).toBeUndefined();
    expect(Array.from(addon.parse(js, small, 5000) ?? [])).toEqual(expected);
  });

  it('parses in worker threads, each with its own parser, as in the main thread', async () => {
    setParserBackend('native');
    const inputs = snippets.map(([, language, text]) => [CODE_LANGUAGES.indexOf(language), text] as const);
    // The addon itself (what the scan workers load), in two threads at once.
    const [a, b] = await Promise.all([parseInThread(inputs), parseInThread(inputs)]);
    const here = parseHere(inputs);
    expect(a).toEqual(here);
    expect(b).toEqual(here);
  });

  it('gives the same trees in threads that start after others ended, on the memory those left behind', async () => {
    // The addon's allocator hands the blocks of an ended thread to the threads that come later
    // (native/src/pool_alloc.c): three generations of two threads, each parsing large files first so
    // that the next generation runs on reused blocks, must all give the main thread's records.
    const big = 'const rows = items.filter((x) => x.ok).map(({ id, name }) => ({ id, name: `${name}!` }));\n'.repeat(3_000);
    const inputs: ParseInputs = [[CODE_LANGUAGES.indexOf('javascript'), big], ...snippets.map(([, language, text]) => [CODE_LANGUAGES.indexOf(language), text] as const)];
    const here = parseHere(inputs);
    expect(here[0]?.length).toBeGreaterThan(100_000);
    for (let generation = 0; generation < 3; generation++) {
      const results = await Promise.all([parseInThread(inputs), parseInThread(inputs)]);
      for (const records of results) expect(records).toEqual(here);
    }
  });

  it('outlives the thread that loaded it: a process whose only parsing thread ended goes on and exits cleanly', () => {
    // As in `vigil scan`: the main thread never loads the addon, a scan thread does and ends. Node then
    // drops the addon, while the thread's exit hook (the allocator's) still points into it: the addon
    // pins itself so that this cannot crash the process (native/src/pool_alloc.c, pool_pin).
    const script = `
      const { Worker } = require('node:worker_threads');
      const source = "const a = require(require('node:worker_threads').workerData); a.take(a.submit(0, 'f(a); '.repeat(5000), 5000)); a.parse(0, 'let x = 1;', 5000);";
      const worker = new Worker(source, { eval: true, workerData: process.argv[1] });
      worker.on('exit', (code) => setTimeout(() => { process.stdout.write('ended ' + code); }, 50));`;
    const result = spawnSync(process.execPath, ['-e', script, nativeParserPath() as string], { encoding: 'utf8', timeout: 30_000 });
    expect(result.signal).toBeNull();
    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({ status: 0, stdout: 'ended 0', stderr: '' });
  });
});

/** Inputs of the addon's `parse`: a language's index in CODE_LANGUAGES and a text. */
type ParseInputs = readonly (readonly [number, string])[];

const PARSE_IN_THREAD = `
  const { parentPort, workerData } = require('node:worker_threads');
  const addon = require(workerData.addonPath);
  parentPort.postMessage(workerData.inputs.map(([language, text]) => Array.from(addon.parse(language, text, 5000))));`;

/** The addon's records for each input, parsed in a new worker thread that loads it; settles once the thread has exited with code 0. */
function parseInThread(inputs: ParseInputs): Promise<number[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSE_IN_THREAD, { eval: true, workerData: { addonPath: nativeParserPath(), inputs } });
    let records: number[][] | undefined;
    worker.once('message', (m: number[][]) => (records = m));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 && records ? resolve(records) : reject(new Error(`worker exited with ${code}`))));
  });
}

/** The same records, parsed on this thread. */
function parseHere(inputs: ParseInputs): number[][] {
  const addon = createRequire(import.meta.url)(nativeParserPath() as string) as { parse(l: number, t: string, ms: number): Int32Array };
  return inputs.map(([language, text]) => Array.from(addon.parse(language, text, 5000)));
}

/** The addon's parse-ahead calls (native/src/binding.c). */
interface AheadAddon {
  parse(language: number, text: string, timeoutMs: number): Int32Array | undefined;
  submit(language: number, text: string, timeoutMs: number): number;
  take(job: number, discard?: boolean): Int32Array | undefined;
}

describe.skipIf(wasmOnly)('parser: parsing ahead on the native parser\'s helper thread', () => {
  const addon = () => createRequire(import.meta.url)(nativeParserPath() as string) as AheadAddon;
  const inputs = () => [...samples, ...snippets].map(([, language, text]) => [CODE_LANGUAGES.indexOf(language), text] as const);

  it('gives the records parse gives, taken in any order, whether the helper or the caller parsed them', () => {
    const native = addon();
    const all = inputs();
    expect(all.length).toBeGreaterThan(64);
    const expected = all.map(([language, text]) => Array.from(native.parse(language, text, 5000) ?? []));
    // In groups of 32 (the addon holds 64 jobs). Taken last first, most jobs are still queued and the caller
    // parses them itself; taken first first, the helper is ahead.
    for (let from = 0; from < all.length; from += 32) {
      const group = all.slice(from, from + 32);
      for (const reverse of [true, false]) {
        const jobs = group.map(([language, text]) => native.submit(language, text, 5000));
        expect(jobs.every((j) => j >= 0)).toBe(true);
        const order = group.map((_, i) => i);
        for (const i of reverse ? order.reverse() : order) expect(Array.from(native.take(jobs[i] as number) ?? [])).toEqual(expected[from + i]);
      }
    }
  });

  it('waits for a job the helper is on, and frees the place of every job taken or discarded', async () => {
    const native = addon();
    const js = CODE_LANGUAGES.indexOf('javascript');
    const big = 'let x = [1, 2, 3].map((y) => y * 2);\n'.repeat(5_000);
    const expected = Array.from(native.parse(js, big, 5000) ?? []);
    const first = native.submit(js, big, 5000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(Array.from(native.take(first) ?? [])).toEqual(expected);
    // 64 places: the 65th job is refused (-1), then discarding frees them all again.
    const jobs = Array.from({ length: 65 }, () => native.submit(js, 'f(a);\n', 5000));
    expect(jobs.slice(0, 64).every((j) => j >= 0)).toBe(true);
    expect(jobs[64]).toBe(-1);
    for (const job of jobs.slice(0, 64)) expect(native.take(job, true)).toBeUndefined();
    expect(() => native.take(jobs[0] as number)).toThrow('unknown job');
    const again = Array.from({ length: 64 }, () => native.submit(js, 'f(a);\n', 5000));
    expect(again.every((j) => j >= 0)).toBe(true);
    for (const job of again) expect(native.take(job)?.length).toBeGreaterThan(0);
  });

  it('gives up on a job past its deadline, and goes on with the next', () => {
    const native = addon();
    const js = CODE_LANGUAGES.indexOf('javascript');
    const small = 'const a = f(b);\n';
    const expected = Array.from(native.parse(js, small, 5000) ?? []);
    const late = native.submit(js, 'let x = [1, 2, 3].map((y) => y * 2);\n'.repeat(20_000), 0);
    const next = native.submit(js, small, 5000);
    expect(native.take(late)).toBeUndefined();
    expect(Array.from(native.take(next) ?? [])).toEqual(expected);
  });

  it('ends a thread cleanly with jobs queued, running and done but never taken', async () => {
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const addon = require(workerData.addonPath);
      const big = 'let x = [1, 2, 3].map((y) => y * 2);\\n'.repeat(20_000);
      for (let i = 0; i < 8; i++) addon.submit(0, big, 5000);
      addon.take(addon.submit(0, 'f(a);\\n', 5000));
      parentPort.postMessage('submitted');`;
    const worker = new Worker(source, { eval: true, workerData: { addonPath: nativeParserPath() } });
    const message = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    expect(message).toBe('submitted');
    expect(await new Promise((resolve) => worker.once('exit', resolve))).toBe(0);
  });

  it('parse() takes the parse parseAhead() started, with the same tree, and drops the ones skipped over', () => {
    setParserBackend('native');
    setParseAhead(true);
    const files = snippets.map(([, language, text]) => [language, text] as const);
    const plain = files.map(([language, text]) => parse(text, language));
    const before = { ...parseAheadStats };
    for (const [language, text] of files) parseAhead(text, language);
    expect(parseAheadStats.started - before.started).toBe(files.length);
    // The first two are skipped over: parsing the third drops them; then every other is taken.
    for (const [i, [language, text]] of files.entries()) {
      if (i < 2) continue;
      const ahead = parse(text, language);
      expect(ahead).toBeDefined();
      expect(shape((ahead as ParsedFile).root)).toEqual(shape((plain[i] as ParsedFile).root));
      expect(ahead?.errorChars).toBe(plain[i]?.errorChars);
    }
    expect(parseAheadStats.taken - before.taken).toBe(files.length - 2);
    expect(parseAheadStats.dropped - before.dropped).toBe(2);
  });

  it('keeps at most PARSE_AHEAD_FILES waiting, and none when turned off', () => {
    setParserBackend('native');
    setParseAhead(true);
    const before = { ...parseAheadStats };
    for (let i = 0; i < PARSE_AHEAD_FILES + 5; i++) parseAhead(`f(${i});\n`, 'javascript');
    expect(parseAheadStats.dropped - before.dropped).toBe(5);
    // A parse of a text never submitted leaves the waiting ones alone; the last one submitted is taken.
    parse('other(1);\n', 'javascript');
    expect(parseAheadStats.dropped - before.dropped).toBe(5);
    parse(`f(${PARSE_AHEAD_FILES + 4});\n`, 'javascript');
    expect(parseAheadStats.taken - before.taken).toBe(1);
    expect(parseAheadStats.dropped - before.dropped).toBe(PARSE_AHEAD_FILES + 4);
    setParseAhead(false);
    expect(parsesAhead()).toBe(false);
    parseAhead('g(1);\n', 'javascript');
    expect(parseAheadStats.started - before.started).toBe(PARSE_AHEAD_FILES + 5);
    setParseAhead(true);
  });
});
