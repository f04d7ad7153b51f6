/**
 * Cross-file findings: the code scanner's facts about each file (summaries of exported functions,
 * candidates that wait on them) and the repository pass that resolves them, over multi-file
 * fixtures in fixtures/cross-file/<case>/. The same fixtures through scanWorkspace (the CLI's and
 * the service's path), with the inline pool and with worker threads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawFinding } from '../../../src/core/findings.js';
import { openLocalDirectory } from '../../../src/adapters/sources/local.js';
import { FactsGatherer } from '../../../src/engine/facts.js';
import { createInlinePool, createScanPool, type ScanPool } from '../../../src/engine/pool.js';
import { scanWorkspace } from '../../../src/engine/scan-workspace.js';
import { isCodeFacts, MAX_CANDIDATES_PER_FILE, MAX_SUMMARIES_PER_FILE, type CodeFacts } from '../../../src/scanners/code/cross-file/facts.js';
import { FACT_PRODUCERS } from '../../../src/scanners/code/cross-file/extract.js';
import { crossFileFindings } from '../../../src/scanners/code/cross-file/resolve.js';
import { mentionsPassword } from '../../../src/scanners/code/helpers.js';
import { LanguagePrefilter } from '../../../src/scanners/code/prefilter.js';
import { createCodeScanner } from '../../../src/scanners/code/scanner.js';
import type { FileFacts } from '../../../src/scanners/contract.js';
import { SCANNERS } from '../../../src/scanners/index.js';

/** Fixture projects, one folder each; files carry a `.txt` suffix so that tools (and scans of this repository) leave them alone. */
const FIXTURES = fileURLToPath(new URL('./fixtures/cross-file/', import.meta.url));

function filesOf(name: string): { path: string; text: string }[] {
  const root = join(FIXTURES, name);
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else out.push({ path: relative(root, path).replace(/\.txt$/, ''), text: readFileSync(path, 'utf8') });
    }
  };
  walk(root);
  return out;
}

/** Writes fixture projects into a folder, as their real file names. */
async function materialise(root: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    for (const f of filesOf(name)) {
      await mkdir(dirname(join(root, f.path)), { recursive: true });
      await writeFile(join(root, f.path), f.text);
    }
  }
}

/** Scans files one by one, as the workers do, then runs the repository pass over their facts. */
async function scanProject(files: readonly { path: string; text: string }[]): Promise<{ perFile: RawFinding[]; cross: RawFinding[]; facts: FileFacts[] }> {
  const scanner = createCodeScanner();
  await scanner.init?.();
  const perFile = files.flatMap((f) => scanner.scanFile(f));
  const facts = [...(scanner.takeFacts?.() ?? [])];
  return { perFile, cross: crossFileFindings(facts).findings, facts };
}

const sites = (findings: readonly RawFinding[]): string[] => findings.map((f) => `${f.ruleId} ${f.path}:${f.line}`);

describe('cross-file: a broken hash exported by one file, passwords from others', () => {
  it('reports the MD5 helper where it is defined, naming the calls that pass it passwords', async () => {
    const { perFile, cross } = await scanProject(filesOf('md5-passwords'));
    expect(sites(perFile.filter((f) => f.ruleId === 'weak-password-hash'))).toEqual([]);
    expect(sites(cross)).toEqual(['weak-password-hash lib/insecurity.ts:3']);
    const [finding] = cross;
    expect(finding?.severity).toBe('HIGH');
    expect(finding?.cwe).toBe('CWE-916');
    expect(finding?.evidence).toContain("createHash('md5')");
    // Both the ES namespace import and the CommonJS destructured require are followed.
    expect(finding?.description).toContain('models/user.ts:7 (`security.hash(clearTextPassword)`)');
    expect(finding?.description).toContain('routes/login.js:4');
    expect(finding?.description).toContain('with MD5');
  });

  it('does not report the SHA-1 helper that only hashes a stored value and a password in test code', async () => {
    const { cross } = await scanProject(filesOf('md5-passwords'));
    expect(cross.filter((f) => f.line === 6)).toEqual([]);
  });

  it('does not report a hash helper used for ETags in a file that also mentions passwords', async () => {
    const { perFile, cross, facts } = await scanProject(filesOf('etag'));
    expect(perFile.filter((f) => f.ruleId === 'weak-password-hash')).toEqual([]);
    expect(cross).toEqual([]);
    // The helper is summarised; no call passes it a password.
    const lib = facts.find((f) => f.path === 'lib/etag.js')?.facts as CodeFacts | undefined;
    expect(lib?.summaries).toEqual([expect.objectContaining({ kind: 'weak-hash', name: 'digest', param: 0, algorithm: 'MD5' })]);
    const route = facts.find((f) => f.path === 'routes/files.js')?.facts as CodeFacts | undefined;
    expect(route?.candidates ?? []).toEqual([]);
  });

  it('follows Python relative and absolute imports to the module that hashes', async () => {
    const { cross } = await scanProject(filesOf('python-hash'));
    expect(sites(cross)).toEqual(['weak-password-hash app/core/crypto.py:5']);
    expect(cross[0]?.description).toContain('app/accounts/views.py:6 (`digest(request.POST["password"])`)');
  });

  it('needs the defining file: a call into a module the scan does not hold reports nothing', async () => {
    const { cross } = await scanProject(filesOf('md5-passwords').filter((f) => f.path !== 'lib/insecurity.ts'));
    expect(cross).toEqual([]);
  });
});

describe('cross-file: a redirect guarded by a predicate of another file', () => {
  it('reports redirects whose imported guard only tests for a substring, naming the check', async () => {
    const { perFile, cross } = await scanProject(filesOf('redirect-weak'));
    expect(perFile.filter((f) => f.ruleId === 'open-redirect')).toEqual([]);
    expect(sites(cross)).toEqual(['open-redirect routes/back.js:6', 'open-redirect routes/redirect.ts:8']);
    const redirect = cross.find((f) => f.path === 'routes/redirect.ts');
    expect(redirect?.description).toContain('`urls.isRedirectAllowed(toUrl)` (line 7) does not make it safe');
    expect(redirect?.description).toContain('lib/urls.ts only tests that the value contains an allowed text (`url.includes(allowedUrl)`, line 6)');
    expect(redirect?.confidence).toBe(0.85);
    expect(cross.find((f) => f.path === 'routes/back.js')?.description).toContain('`/acme\\.test/.test(url)`');
  });

  it('keeps a redirect behind an exact allow-list or equality check in another file unreported', async () => {
    const { perFile, cross, facts } = await scanProject(filesOf('redirect-strong'));
    expect(perFile.filter((f) => f.ruleId === 'open-redirect')).toEqual([]);
    expect(cross).toEqual([]);
    const lib = facts.find((f) => f.path === 'lib/urls.js')?.facts as CodeFacts | undefined;
    expect(lib?.summaries.map((s) => (s.kind === 'guard' ? `${s.name} ${s.strength}` : s.kind)).sort()).toEqual(['isRedirectAllowed strong', 'isSameSite strong']);
  });

  it('without the guard’s file, keeps what the name-based rule said: `ns.isX(v)` is no check, `isX(v)` is', async () => {
    const { cross } = await scanProject(filesOf('redirect-strong').filter((f) => f.path !== 'lib/urls.js'));
    expect(sites(cross)).toEqual(['open-redirect routes/redirect.js:7']);
    expect(cross[0]?.description).not.toContain('does not make it safe');
  });

  it('judges local predicates the same way within one file', async () => {
    const scanner = createCodeScanner();
    await scanner.init?.();
    const code = (body: string): string =>
      `app.get('/go', (req, res) => {\n  const to = req.query.to\n  if (isAllowed(to)) res.redirect(to)\n})\nfunction isAllowed (url) {\n  ${body}\n}\n`;
    const weak = scanner.scanFile({ path: 'src/go.js', text: code("return url.indexOf('acme.test') !== -1") });
    expect(sites(weak)).toEqual(['open-redirect src/go.js:3']);
    const strong = scanner.scanFile({ path: 'src/go.js', text: code("return ['https://acme.test/'].includes(url)") });
    expect(strong).toEqual([]);
    const prefix = scanner.scanFile({ path: 'src/go.js', text: code("return url.startsWith('https://acme.test/')") });
    expect(prefix).toEqual([]);
  });
});

describe('cross-file: a sink in an exported function, request data from another file', () => {
  it('reports the sink where it is, as a proven flow naming the call and its source', async () => {
    const { perFile, cross } = await scanProject(filesOf('command-sink'));
    // The file alone sees a command built at run time: unproven, at most MEDIUM.
    expect(perFile.filter((f) => f.path === 'lib/shell.js').map((f) => `${f.line} ${f.severity}`)).toEqual(['4 MEDIUM']);
    expect(sites(cross)).toEqual(['command-injection lib/shell.js:4']);
    expect(cross[0]?.severity).toBe('CRITICAL');
    expect(cross[0]?.confidence).toBe(0.9);
    expect(cross[0]?.description).toContain('`runReport()`, exported here, is called with request data from routes/report.js:4 (`req.query.name` (line 4) in');
    // A constant or a number from the request (Number()) reaches nothing; neither does the coerced parameter.
    expect(cross[0]?.description).not.toContain('nightly.js');
  });

  it('follows Python `from package import module` to the function that runs a shell', async () => {
    const { cross } = await scanProject(filesOf('python-sink'));
    expect(sites(cross)).toEqual(['command-injection shop/tools/reports.py:5']);
    expect(cross[0]?.description).toContain("shop/web/views.py:9 (`request.args['name']` (line 9) in");
  });

  it('reports nothing when every caller passes constants or coerced values', async () => {
    const files = filesOf('command-sink').filter((f) => f.path !== 'routes/report.js');
    const { cross } = await scanProject(files);
    expect(cross).toEqual([]);
  });
});

describe('cross-file: request data through a function of another file that returns it', () => {
  const helpers = {
    path: 'app/helpers.py',
    text: "import hashlib\n\n\ndef tidy(text):\n    return text.strip()\n\n\ndef count_words(text):\n    return len(text.split())\n\n\ndef digest(text):\n    return hashlib.sha256(text.encode()).hexdigest()\n",
  };
  const view = (call: string) => ({
    path: 'app/views.py',
    text: `from flask import request\nfrom .helpers import tidy, count_words\n\n\n@app.route('/calc', methods=['POST'])\ndef calc():\n    expr = ${call}(request.form['expr'])\n    return str(eval(expr))\n`,
  });

  it('reports the sink as a proven flow, naming the function that passes the data on', async () => {
    const { perFile, cross } = await scanProject([helpers, view('tidy')]);
    // The file alone does not know what `tidy` returns: no proven flow.
    expect(perFile.filter((f) => f.ruleId === 'code-injection' && f.confidence === 0.9)).toEqual([]);
    expect(sites(cross)).toEqual(['code-injection app/views.py:8']);
    expect(cross[0]?.severity).toBe('CRITICAL');
    expect(cross[0]?.description).toContain("`tidy()` of app/helpers.py (`tidy(request.form['expr'])`, line 7), which returns it");
  });

  it('reports nothing through a function whose result carries nothing of its argument, or without its file', async () => {
    expect((await scanProject([helpers, view('count_words')])).cross).toEqual([]);
    expect((await scanProject([view('tidy')])).cross).toEqual([]);
  });

  it('reads what a function returns only from files the scanner parses anyway (a module no rule reads is not parsed for it)', async () => {
    const plain = { path: 'app/helpers.py', text: 'def tidy(text):\n    return text.strip()\n' };
    expect((await scanProject([plain, view('tidy')])).cross).toEqual([]);
  });

  it('follows JavaScript imports the same way', async () => {
    const lib = {
      path: 'lib/text.js',
      text: "import crypto from 'crypto';\n\nexport function clip(s, n) {\n  return s.length > n ? s.slice(0, n) : s;\n}\n\nexport const digest = (s) => crypto.createHash('sha256').update(s).digest('hex');\n",
    };
    const route = {
      path: 'routes/calc.js',
      text: "import { clip } from '../lib/text.js';\n\napp.post('/calc', (req, res) => {\n  const expr = clip(req.body.expr, 40);\n  res.json(eval(expr));\n});\n",
    };
    const { cross } = await scanProject([lib, route]);
    expect(sites(cross)).toEqual(['code-injection routes/calc.js:5']);
  });
});

describe('cross-file: prefilter terms of the facts', () => {
  const producersFor = (language: 'typescript' | 'python', text: string): string[] =>
    new LanguagePrefilter(FACT_PRODUCERS, language).select(text).map((p) => p.id);
  const NAMES = ['password', 'user_pass', 'userPass', 'pass_hash', 'PASS_HASH', 'USER_PASS', 'Pass', 'pwd', 'userPw', 'USER_PW', 'pw_hash', 'credentials', 'DB_PASSWORD', 'passphrase', 'PassWord', 'old_passwd'];

  it('let through every call argument that mentionsPassword takes for a password', () => {
    for (const name of NAMES) {
      expect(mentionsPassword(name), name).toBe(true);
      expect(producersFor('typescript', `import * as s from './s'\ns.hash(${name})`), name).toContain('hash-call');
      expect(producersFor('python', `from .s import digest\ndigest(${name})`), name).toContain('hash-call');
    }
  });

  it('do not take the Python keyword `pass` for a password', () => {
    expect(producersFor('python', 'import os\ndef f(x):\n    pass')).not.toContain('hash-call');
  });
});

describe('cross-file: bounds and determinism', () => {
  it('keeps at most MAX_SUMMARIES_PER_FILE summaries and MAX_CANDIDATES_PER_FILE candidates per file', async () => {
    const many = Array.from({ length: MAX_SUMMARIES_PER_FILE + 8 }, (_, i) => `export const h${i} = (d) => crypto.createHash('md5').update(d).digest('hex')`);
    const calls = Array.from({ length: MAX_CANDIDATES_PER_FILE + 8 }, (_, i) => `  lib.h${i}(password)`);
    const { facts, cross } = await scanProject([
      { path: 'src/lib.js', text: `import crypto from 'crypto'\n${many.join('\n')}\n` },
      { path: 'src/use.js', text: `import * as lib from './lib'\nexport function f (password) {\n${calls.join('\n')}\n}\n` },
    ]);
    const of = (path: string): CodeFacts => facts.find((f) => f.path === path)?.facts as CodeFacts;
    expect(of('src/lib.js').summaries).toHaveLength(MAX_SUMMARIES_PER_FILE);
    expect(of('src/use.js').candidates).toHaveLength(MAX_CANDIDATES_PER_FILE);
    expect(cross.length).toBe(MAX_CANDIDATES_PER_FILE);
    expect(facts.every((f) => isCodeFacts(f.facts))).toBe(true);
  });

  it('gives the same findings whatever order the files’ facts arrive in', async () => {
    const { facts } = await scanProject([...filesOf('md5-passwords'), ...filesOf('redirect-weak')]);
    const forward = crossFileFindings(facts).findings;
    expect(crossFileFindings([...facts].reverse()).findings).toEqual(forward);
    expect(forward.length).toBe(3);
  });

  it('keeps the first facts by path, not by arrival, past the scan-wide limit', () => {
    const fact = (path: string): FileFacts => ({ path, facts: { python: false, summaries: [], candidates: [] } });
    const gatherer = new FactsGatherer(3);
    gatherer.add({ code: ['e', 'd', 'c'].map(fact) });
    gatherer.add({ code: ['b', 'a', 'f', 'g'].map(fact) });
    gatherer.add({ code: ['h'].map(fact) });
    const { facts, truncated } = gatherer.of('code');
    expect(facts.map((f) => f.path)).toEqual(['a', 'b', 'c']);
    expect(truncated).toBe(true);
    expect(new FactsGatherer(3).of('code')).toEqual({ facts: [], truncated: false });
  });

  it('ignores facts that are not the code scanner’s shape', () => {
    expect(crossFileFindings([{ path: 'x.js', facts: { summaries: 'no' } }, { path: 'y.js', facts: null }]).findings).toEqual([]);
  });
});

describe('cross-file: in a repository scan (scanWorkspace)', () => {
  let root: string;
  let pool: ScanPool;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vigil-cross-file-'));
    await materialise(root, ['md5-passwords', 'redirect-weak', 'command-sink']);
    pool = createScanPool(2);
  });
  afterAll(async () => {
    await pool.close();
    await rm(root, { recursive: true, force: true });
  });

  const codeFindings = async (scanPool: ScanPool): Promise<string[]> => {
    const ws = await openLocalDirectory(root);
    try {
      const outcome = await scanWorkspace(ws, 'acme/shop', { pool: scanPool, timeoutMs: 60_000, scanners: SCANNERS.filter((s) => s.name === 'code') });
      return outcome.findings.map((f) => `${f.rule_id} ${f.location.path}:${f.location.line} ${f.severity}`).sort();
    } finally {
      await ws.dispose();
    }
  };
  // The command sink once, as the proven flow (the file's own unproven finding of the same site merged into it).
  const EXPECTED = [
    'command-injection lib/shell.js:4 CRITICAL',
    'open-redirect routes/back.js:6 MEDIUM',
    'open-redirect routes/redirect.ts:8 MEDIUM',
    'weak-password-hash lib/insecurity.ts:3 HIGH',
  ];

  it('reports cross-file findings with worker threads', async () => {
    expect(await codeFindings(pool)).toEqual(EXPECTED);
  });

  it('reports the same on the calling thread (the CLI on a small tree)', async () => {
    expect(await codeFindings(createInlinePool())).toEqual(EXPECTED);
  });

  it('applies an inline vigil-ignore on the reported line', async () => {
    const path = join(root, 'lib/insecurity.ts');
    const text = readFileSync(path, 'utf8');
    await writeFile(path, text.replace("digest('hex')\n", "digest('hex') // vigil-ignore weak-password-hash\n"));
    try {
      expect(await codeFindings(pool)).toEqual(EXPECTED.filter((s) => !s.startsWith('weak-password-hash')));
    } finally {
      await writeFile(path, text);
    }
  });
});
