import { createRequire } from 'node:module';

// ret is CommonJS: its export is the tokenizer function with `types` attached.
const ret = createRequire(import.meta.url)('ret') as ((source: string) => unknown) & { types: { REPETITION: number } };

interface Node {
  type: number;
  min?: number;
  max?: number | null;
  value?: Node | number;
  stack?: Node[];
  options?: Node[][];
}

/**
 * Catastrophic backtracking needs a repetition that can run many times inside
 * another one ("star height" above one), as in (a+)+ or (\w{1,9}\s?)*. This
 * walks the pattern's tree and reports such nesting. `?` does not count: it
 * runs at most once. Lookbehinds are read as plain groups, because the parser
 * predates them; their nesting is what matters here.
 */
export function nestedRepetition(pattern: RegExp): string | undefined {
  const source = pattern.source.replace(/\(\?<([=!])/g, '(?:');
  const walk = (node: Node, depth: number): string | undefined => {
    let d = depth;
    if (node.type === ret.types.REPETITION && (node.max === null || (node.max ?? 0) > 1)) {
      d++;
      if (d > 1) return `nested repetition {${node.min},${node.max ?? ''}}`;
    }
    const children: Node[] = [];
    if (typeof node.value === 'object') children.push(node.value);
    if (node.stack) children.push(...node.stack);
    for (const option of node.options ?? []) children.push(...option);
    for (const child of children) {
      const problem = walk(child, d);
      if (problem) return problem;
    }
    return undefined;
  };
  return walk(ret(source) as Node, 0);
}
