import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NodeIndex } from '../../../src/scanners/code/ast.js';
import {
  CODE_LANGUAGES,
  languageOf,
  loadAllLanguages,
  loadWasmLanguages,
  nativeParserPath,
  parse,
  parserBackend,
  setParserBackend,
  setRawCopy,
  type CodeLanguage,
  type ParserBackend,
  type SyntaxNode,
} from '../../../src/scanners/code/parser.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';

/** The copied tree as plain data (parents checked separately). */
function shape(node: SyntaxNode): unknown {
  const { type, named, field, start, end, row, column, endRow } = node;
  return { type, named, field, start, end, row, column, endRow, children: node.children.map(shape) };
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
function fixtureFiles(): [string, CodeLanguage, string][] {
  const out: [string, CodeLanguage, string][] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const language = languageOf(path);
        if (language) out.push([relative('.', path), language, readFileSync(path, 'utf8')]);
      }
    }
  };
  walk('test/fixtures');
  walk('test/scanners/code/fixtures');
  return out;
}

function parseWith(backend: ParserBackend, text: string, language: CodeLanguage) {
  setParserBackend(backend);
  return parse(text, language);
}

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
    const addonPath = nativeParserPath() as string;
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      const addon = require(workerData.addonPath);
      parentPort.postMessage(workerData.inputs.map(([language, text]) => Array.from(addon.parse(language, text, 5000))));`;
    const run = () =>
      new Promise<number[][]>((resolve, reject) => {
        const worker = new Worker(source, { eval: true, workerData: { addonPath, inputs } });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    const [a, b] = await Promise.all([run(), run()]);
    const addon = createRequire(import.meta.url)(addonPath) as { parse(l: number, t: string, ms: number): Int32Array };
    const here = inputs.map(([language, text]) => Array.from(addon.parse(language, text, 5000)));
    expect(a).toEqual(here);
    expect(b).toEqual(here);
  });
});
