/**
 * jsStringTexts (js-strings.ts): the text of a JavaScript/TypeScript file's literals, for prefilter terms only a
 * literal can satisfy. It must never lose literal text: checked against tree-sitter's own string fragments on the
 * fixtures, the rules' examples and a sample of the installed packages' real code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsStringTexts } from '../../../src/scanners/code/js-strings.js';
import { isJsFamily, languageOf, loadAllLanguages, parse, type CodeLanguage, type SyntaxNode } from '../../../src/scanners/code/parser.js';
import { CODE_RULES } from '../../../src/scanners/code/rules/index.js';
import { fixtureSources } from './helpers.js';

beforeAll(async () => {
  await loadAllLanguages();
});

describe('jsStringTexts', () => {
  it.each([
    ['quotes, with a comment holding an apostrophe', "const q = 'SELECT * FROM t WHERE id = ' + id; // don't", 'SELECT * FROM t WHERE id = '],
    ['escaped quotes and a line continuation', `a = 'it\\'s'; b = "say \\"hi\\""; c = 'one \\\ntwo'`, `it\\'s\nsay \\"hi\\"\none \\\ntwo`],
    ['divisions are not regular expressions', 'x = a / b / c; y = (n) / 2 / "where"', 'where'],
    ['a regular expression holding quotes, slashes and a class', "if (/'/.test(s) && /a\\/b[/\"]/g.exec(t)) f('in')", 'in'],
    ['keywords before a regular expression', "function f() { return /'x/.test(s) ? typeof /\"/ : 'z' }", 'z'],
    ['a division after a postfix increment', "x = i++ / 2 + 'where' + n-- / 4", 'where'],
    ['a division after a property named like a keyword', "x = o.return / 2 + 'where' + n / 4", 'where'],
    ['a block comment between an operand and a division', "v = x /* it's */ / 2 + 'k'", 'k'],
    ['templates, nested in substitutions, with braces inside', "t = `a ${ {k: `b ${'c'}`}.k } d`; u = 'e'", 'a \nb \nc\n d\ne'],
    ['a dollar sign that opens no substitution', 't = `cost: $5 ${x}`', 'cost: $5 '],
    ['a JSX closing tag', "const el = <div>ok</div>; const s = 'a'", 'a'],
    ['a hashbang line', "#!/usr/bin/env node\nconst s = 'x'", 'x'],
    ['no literals', 'export const answer = 42;', ''],
  ])('%s', (_name, text, expected) => {
    expect(jsStringTexts(text)).toBe(expected);
  });

  it.each([
    ['a string open at the end of its line', "a = 'open\nb = 'x'"],
    ['a template left open', 't = `never closed ${x}'],
    ['a substitution left open', 't = `a ${ {b: 1}'],
    ['a block comment left open', "x = 1 /* 'a'"],
    ['a regular expression running into a line break', "if (x) /'/.test(y)\nz = 'q'"],
    ['an apostrophe in JSX text', "const el = <p>Don't</p>"],
  ])('gives up on %s (the caller reads the whole text)', (_name, text) => {
    expect(jsStringTexts(text)).toBeUndefined();
  });
});

/** Every string fragment tree-sitter finds in a file that parses without errors. */
function fragments(text: string, language: CodeLanguage): string[] | undefined {
  const parsed = parse(text, language);
  if (!parsed || parsed.errorChars > 0) return undefined;
  const out: string[] = [];
  const walk = (node: SyntaxNode): void => {
    if (node.type === 'string_fragment') out.push(text.slice(node.start, node.end));
    for (const c of node.children) walk(c);
  };
  walk(parsed.root);
  return out;
}

/** Up to `budget` characters of the installed packages' JavaScript and TypeScript, files spread over the tree. */
function packageSample(budget: number): { path: string; text: string }[] {
  const all: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < 8 && entry.name !== '.bin' && !entry.name.startsWith('.vigil')) walk(path, depth + 1);
      else if (entry.isFile() && languageOf(path) !== undefined && isJsFamily(languageOf(path) as CodeLanguage)) all.push(path);
    }
  };
  walk('node_modules', 0);
  all.sort();
  const out: { path: string; text: string }[] = [];
  let used = 0;
  // Every 23rd file, in path order: many packages, written by many hands, the same files on every run.
  for (let i = 0; i < all.length && used < budget; i += 23) {
    const path = all[i] as string;
    if (statSync(path).size > 200_000) continue;
    const text = readFileSync(path, 'utf8');
    out.push({ path, text });
    used += text.length;
  }
  return out;
}

describe('jsStringTexts on real code: no literal text lost', () => {
  it('keeps every string fragment tree-sitter finds, gives up rarely, and keeps little else', () => {
    const ext: Record<string, string> = { javascript: 'js', typescript: 'ts', tsx: 'tsx' };
    const sources = [
      ...fixtureSources().filter((s) => s.language !== undefined && isJsFamily(s.language)),
      ...CODE_RULES.flatMap((r) => r.docs.examples.filter((e) => isJsFamily(e.language)).flatMap((e) => [e.bad, e.good].map((text) => ({ path: `example.${ext[e.language] ?? 'js'}`, text })))),
      ...packageSample(3_000_000),
    ];
    let checked = 0;
    let gaveUp = 0;
    let kept = 0;
    let literal = 0;
    const lost: string[] = [];
    for (const { path, text } of sources) {
      const frags = fragments(text, languageOf(path) as CodeLanguage);
      if (frags === undefined) continue;
      checked += 1;
      const strings = jsStringTexts(text);
      if (strings === undefined) {
        gaveUp += 1;
        continue;
      }
      kept += strings.length;
      literal += frags.reduce((n, f) => n + f.length, 0);
      for (const f of frags) if (!strings.includes(f)) lost.push(`${path}: ${JSON.stringify(f.slice(0, 60))}`);
    }
    expect(checked).toBeGreaterThan(500);
    expect(lost).toEqual([]);
    expect(gaveUp / checked).toBeLessThan(0.02);
    // Escapes and separators aside, what it keeps is literal text, not code taken for it.
    expect(kept).toBeLessThan(literal * 1.25 + checked * 64);
  });
});
