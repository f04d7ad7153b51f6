import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NodeIndex } from '../../../src/scanners/code/ast.js';
import { loadAllLanguages, parse, setRawCopy, type CodeLanguage, type SyntaxNode } from '../../../src/scanners/code/parser.js';
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
});

afterEach(() => {
  setRawCopy(true);
});

describe('parser: the direct (raw) tree copy', () => {
  it.each(samples)('copies %s exactly as the portable cursor copy does', (_, language, text) => {
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
