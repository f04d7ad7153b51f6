import { readFileSync } from 'node:fs';
import { loadAllLanguages, parse, type CodeLanguage, type SyntaxNode } from '../src/scanners/code/parser.js';
await loadAllLanguages();
const [lang, file] = process.argv.slice(2);
const text = readFileSync(file as string, 'utf8');
const p = parse(text, lang as CodeLanguage)!;
const show = (n: SyntaxNode, d: number) => {
  const t = text.slice(n.start, n.end).replace(/\n/g, '\\n');
  if (n.named) console.log(`${'  '.repeat(d)}${n.field ? n.field + ': ' : ''}${n.type}  ${t.length > 60 ? t.slice(0, 60) + '…' : t}`);
  for (const c of n.children) show(c, d + 1);
};
show(p.root, 0);
