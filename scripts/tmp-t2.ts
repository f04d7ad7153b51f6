import { readFileSync } from 'node:fs';
import { createCodeScanner } from '../src/scanners/code/scanner.js';
const s = createCodeScanner(); await s.init?.();
for (const c of process.argv.slice(2)) {
  const path = `bench/.corpus/BenchmarkJava/src/main/java/org/owasp/benchmark/testcode/${c}.java`;
  console.log(c, s.scanFile({ path, text: readFileSync(path, 'utf8') }).map((f) => `${f.ruleId}:${f.line}`).join(','));
}
