/**
 * Dumps every code-scanner finding over folders, one JSON line each (rule, path, line, column,
 * severity, confidence, evidence, description), sorted, so two checkouts' outputs can be diffed
 * when a rule is refactored:
 *
 *   npx tsx scripts/code-findings.ts <dir>[=<prefix>] … > before.jsonl
 *   npx tsx scripts/code-findings.ts --own <dir> --max-mb 40 …   # present files as the project's own
 *
 * Each folder is one repository: after its files, the code scanner's repository pass (cross-file
 * findings) runs over the facts its files gave, as in a repository scan. Paths are written relative to each folder. `--own <dir>` presents the files under `src/` (the
 * scanner skips node_modules/ and vendor/ by path), for large bodies of real code such as a
 * node_modules folder or the Python standard library; `--max-mb` bounds each such folder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RawFinding } from '../src/core/findings.js';
import { crossFileFindings, mergeCrossFile } from '../src/scanners/code/cross-file/resolve.js';
import { scanner } from '../src/scanners/code/scanner.js';

const CODE = /\.(?:[cm]?js|jsx|[cm]?ts|tsx|py|php|go|java|rb|html)$/;
const MAX_FILE = 512 * 1024;

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* walk(path);
    else if (e.isFile() && CODE.test(e.name)) yield path;
  }
}

const dumpLine = (f: RawFinding): string => JSON.stringify([f.ruleId, f.path, f.line, f.column, f.severity, f.confidence, f.evidence, f.description]);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const maxAt = args.indexOf('--max-mb');
  const maxBytes = (maxAt >= 0 ? Number(args[maxAt + 1]) : 40) * 1024 * 1024;
  await scanner.init?.();
  const lines: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--max-mb') {
      i++;
      continue;
    }
    const own = arg === '--own';
    const dir = own ? (args[++i] as string) : arg;
    let bytes = 0;
    const found: RawFinding[] = [];
    for (const file of walk(dir)) {
      const size = statSync(file).size;
      if (size === 0 || size > MAX_FILE) continue;
      if (own && (bytes += size) > maxBytes) break;
      const rel = relative(dir, file);
      const path = own ? `src/${rel.replace(/(?:^|\/)(?:node_modules|vendor|dist)\//g, '/x/')}` : `${dir.split('/').filter(Boolean).at(-1)}/${rel}`;
      found.push(...scanner.scanFile({ path, text: readFileSync(file, 'utf8') }));
    }
    // The repository pass over this folder's files, as a repository scan runs it.
    for (const f of mergeCrossFile(found, crossFileFindings(scanner.takeFacts?.() ?? []).findings)) lines.push(dumpLine(f));
  }
  lines.sort();
  process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  process.stderr.write(`${lines.length} findings\n`);
}

await main();
