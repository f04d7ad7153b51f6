import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScanPool } from '../../../src/engine/pool.js';
import { runFileScanners } from '../../../src/engine/run.js';
import { codePage } from '../../../src/scanners/code/docs.js';
import { renderRulePage } from '../../../src/scanners/docs.js';
import { languageOf } from '../../../src/scanners/code/parser.js';
import { codeScannerStats } from '../../../src/scanners/code/scanner.js';
import { byRule, scan } from './helpers.js';

const VULNERABLE_JS = "const { exec } = require('child_process');\napp.get('/x', (req, res) => exec('ls ' + req.query.dir));\n";

describe('code scanner: file selection', () => {
  it('maps extensions to languages', () => {
    expect(['a.js', 'a.mjs', 'a.cjs', 'a.jsx', 'a.ts', 'a.mts', 'a.cts', 'a.tsx', 'a.py'].map(languageOf)).toEqual([
      'javascript', 'javascript', 'javascript', 'javascript', 'typescript', 'typescript', 'typescript', 'tsx', 'python',
    ]);
    expect(['a.php', 'a.go', 'a.java', 'a.rb'].map(languageOf)).toEqual(['php', 'go', 'java', 'ruby']);
    expect(['a.kt', 'a.json', 'README.md', 'a.d.ts', 'Makefile', '.js', 'dir.js/file'].map(languageOf)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('reports the vulnerable snippet in a .js file (control for the tests below)', async () => {
    expect(byRule(await scan('src/app.js', VULNERABLE_JS), 'command-injection')).toHaveLength(1);
  });

  it('ignores unsupported extensions', async () => {
    expect(await scan('src/app.kt', VULNERABLE_JS)).toEqual([]);
    expect(await scan('src/app.txt', VULNERABLE_JS)).toEqual([]);
    expect(await scan('types/app.d.ts', VULNERABLE_JS)).toEqual([]);
  });

  it('ignores node_modules, vendor and dist folders and .min.js files', async () => {
    for (const path of ['node_modules/x/index.js', 'web/vendor/lib.js', 'dist/app.js', 'packages/a/dist/app.js', 'public/app.min.js']) {
      expect(await scan(path, VULNERABLE_JS)).toEqual([]);
    }
  });

  it('ignores minified and huge files', async () => {
    const minified = VULNERABLE_JS.replace(/\n/g, ';') + 'var a=1;'.repeat(400);
    expect(minified.length).toBeGreaterThan(2000);
    expect(await scan('src/bundle.js', minified)).toEqual([]);
    const huge = VULNERABLE_JS + '// padding\n'.repeat(50_000);
    expect(huge.length).toBeGreaterThan(512 * 1024);
    const before = codeScannerStats.skipped;
    expect(await scan('src/huge.js', huge)).toEqual([]);
    expect(codeScannerStats.skipped).toBe(before + 1);
  });

  it('does not throw on broken files and skips files that mostly fail to parse', async () => {
    const before = codeScannerStats.skipped;
    const garbage = '}}}{{{ ))) <<<>>> @@@ ### $$$ ::: \n'.repeat(40) + VULNERABLE_JS.replace(/\(/g, '');
    expect(await scan('src/broken.js', garbage)).toEqual([]);
    expect(await scan('src/broken.py', 'def (:\n  ))) class\n\t\t::: ' + '(['.repeat(500))).toEqual([]);
    expect(await scan('src/empty.ts', '')).toEqual([]);
    expect(codeScannerStats.skipped).toBeGreaterThan(before);
  });

  it('still scans a file with a small syntax error elsewhere', async () => {
    const text = `${VULNERABLE_JS}function broken( {\n  return 1;\n}\n`;
    expect(byRule(await scan('src/partly.js', text), 'command-injection')).toHaveLength(1);
  });

  it('survives very deep expressions', async () => {
    const deep = `const s = ${Array.from({ length: 3000 }, (_, i) => `'a${i}'`).join(' +\n')};\nexec(s + req.query.x);\nconst { exec } = require('child_process');\n`;
    const findings = await scan('src/deep.js', deep);
    expect(byRule(findings, 'command-injection')).toHaveLength(1);
  });
});

describe('code scanner: findings', () => {
  it('gives 1-based positions of the sink, the trimmed line as evidence and a line-independent fingerprint', async () => {
    const [a] = byRule(await scan('src/app.js', VULNERABLE_JS), 'command-injection');
    expect(a).toMatchObject({ line: 2, column: 29, evidence: "app.get('/x', (req, res) => exec('ls ' + req.query.dir));", category: 'code', scanner: 'code', severity: 'CRITICAL' });
    expect(a?.owaspCategories).toEqual(['A03:2021', 'A05:2025']);
    const [b] = byRule(await scan('src/app.js', `\n\n   // moved\n${VULNERABLE_JS}`), 'command-injection');
    expect(b?.line).toBe(5);
    expect(b?.fingerprintMaterial).toBe(a?.fingerprintMaterial);
    expect(a?.fingerprintMaterial).toBe("command-injection:exec('ls ' + req.query.dir)");
  });

  it('caps evidence at 200 characters', async () => {
    const text = `const { exec } = require('child_process');\napp.get('/x', (req, res) => exec('ls ' + req.query.dir + '${'x'.repeat(300)}'));\n`;
    const [f] = byRule(await scan('src/app.js', text), 'command-injection');
    expect(f?.evidence.length).toBeLessThanOrEqual(200);
  });
});

describe('code scanner: docs page', () => {
  it('docs/rules/code.md equals the generated page (run `npm run docs:rules`)', async () => {
    const committed = await readFile(new URL('../../../docs/rules/code.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderRulePage(codePage()));
  });

  it('lists every rule with its severity, CWE and OWASP ids', () => {
    const page = renderRulePage(codePage());
    expect(page).toContain('Generated by `npm run docs:rules`');
    expect(page).toContain('| [SQL query built from untrusted data](#sql-query-built-from-untrusted-data--sql-injection) | `sql-injection` | HIGH | CWE-89 | A03:2021, A05:2025 |');
  });
});

describe('code scanner: in the worker pool', () => {
  it('is initialised by the worker and scans files like any file scanner', async () => {
    const root = await mkdtemp(join(tmpdir(), 'vigil-code-'));
    const pool = createScanPool(1);
    try {
      await mkdir(join(root, 'src'), { recursive: true });
      await writeFile(join(root, 'src', 'app.js'), VULNERABLE_JS);
      await writeFile(join(root, 'src', 'views.py'), "import os\n\n@app.route('/p')\ndef p():\n    os.system('ping ' + request.args['h'])\n");
      await writeFile(join(root, 'README.md'), VULNERABLE_JS);
      // Not JavaScript at all: the parser recovers, but errors cover most of the text (`eval` lets it past the prefilter).
      await writeFile(join(root, 'src', 'broken.js'), 'eval\n' + '}}}} ((( ]]] :: ;; ### @@@ !!! }}}} ((( ]]] :: ;;\n'.repeat(20));
      await writeFile(join(root, 'src', 'bundle.min.js'), VULNERABLE_JS);
      // No rule's trigger words: not parsed.
      await writeFile(join(root, 'src', 'plain.js'), 'export const answer = 42;\n');
      const files = ['src/app.js', 'src/views.py', 'README.md', 'src/broken.js', 'src/bundle.min.js', 'src/plain.js'].map((path) => ({ path, size: 100 }));
      const moduleUrl = new URL('../../../src/scanners/code/scanner.ts', import.meta.url).href;
      const result = await runFileScanners({ root, files }, { pool, scannerModules: [moduleUrl], scannerNames: ['code'], timeoutMs: 60_000 });
      expect(result.raw.map((f) => [f.path, f.ruleId, f.line]).sort()).toEqual([
        ['src/app.js', 'command-injection', 2],
        ['src/views.py', 'command-injection', 5],
      ]);
      expect(result.statuses).toEqual([
        { name: 'code', state: 'ran', files: 6, findings: 2, failures: 0, counts: { parsed: 2, skipped: 1, unparsable: 1, prefiltered: 1, rule_errors: 0 } },
      ]);
    } finally {
      await pool.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
