/**
 * Every code finding over a set of folders, one per line (rule, file, line, severity, confidence),
 * sorted: run it before and after a change to the code scanner and diff the two files.
 *
 *   npx tsx bench/code/dump-findings.ts out.tsv                 # bench/.corpus and the code test fixtures
 *   npx tsx bench/code/dump-findings.ts out.tsv <dir> [<dir>…]  # these folders instead
 *
 * Paths are written relative to the folder given; files are presented to the scanner under
 * that relative path (so vendor/ and test/ path rules apply as they would in a repository).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { scanner } from '../../src/scanners/code/scanner.js';
import { languageOf } from '../../src/scanners/code/parser.js';

const root = new URL('../..', import.meta.url).pathname;
const [out, ...given] = process.argv.slice(2);
if (!out) {
  process.stderr.write('usage: dump-findings.ts <out.tsv> [<dir>…]\n');
  process.exit(2);
}
const dirs = given.length > 0 ? given : [join(root, 'bench/.corpus'), join(root, 'test/scanners/code/fixtures')];

function* files(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, e.name);
    if (e.isDirectory() && e.name !== '.git' && e.name !== 'node_modules') yield* files(path);
    else if (e.isFile() && languageOf(path) && statSync(path).size <= 512 * 1024) yield path;
  }
}

await scanner.init?.();
const lines: string[] = [];
let count = 0;
for (const dir of dirs) {
  for (const path of files(dir)) {
    const rel = relative(dir, path);
    count++;
    for (const f of scanner.scanFile({ path: rel, text: readFileSync(path, 'utf8') })) {
      lines.push([f.ruleId, `${dir.split('/').at(-1)}/${rel}`, f.line ?? 0, f.severity, f.confidence ?? ''].join('\t'));
    }
  }
}
lines.sort();
writeFileSync(out, lines.join('\n') + '\n');
process.stdout.write(`${count} files, ${lines.length} findings -> ${out}\n`);
