import { readFileSync } from 'node:fs';
import { loadAllLanguages, languageOf } from '../src/scanners/code/parser.js';
import { analyse } from '../src/scanners/code/scanner.js';
import { CODE_RULES } from '../src/scanners/code/rules/index.js';
await loadAllLanguages();
const file = process.argv[2] as string;
const text = readFileSync(file, 'utf8');
let t = performance.now();
const ctx = analyse(file, text, languageOf(file)!)!;
console.log('analyse', (performance.now() - t).toFixed(0));
const times: [string, number][] = [];
for (const r of CODE_RULES) {
  if (!r.languages.includes(ctx.language)) continue;
  t = performance.now();
  r.match(ctx);
  times.push([r.id, performance.now() - t]);
}
times.sort((a, b) => b[1] - a[1]);
console.log(times.slice(0, 8).map(([id, ms]) => `${id} ${ms.toFixed(0)}`).join('\n'));
