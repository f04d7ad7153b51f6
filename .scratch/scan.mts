import { readFileSync } from 'node:fs';
import { scanner } from '../src/scanners/code/scanner.js';
await scanner.init?.();
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  for (const f of scanner.scanFile({ path: file, text })) console.log(`${file}:${f.line}:${f.column} ${f.ruleId} ${f.severity} ${f.confidence} | ${f.evidence.trim().slice(0, 90)}`);
}
