import { readFileSync } from 'node:fs';
import { createCodeScanner } from '../src/scanners/code/scanner.js';
const s = createCodeScanner(); await s.init?.();
const path = process.argv[2]!;
console.log(s.scanFile({ path: 'src/T.java', text: readFileSync(path, 'utf8') }).map((f) => `${f.ruleId}:${f.line}`).join(','));
