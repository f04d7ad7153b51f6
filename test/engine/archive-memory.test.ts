/**
 * A repository archive within the memory budget reaches the scanners without a temporary folder:
 * the file scanners (worker threads, through shared arenas), the repository scanners (main thread
 * reads and their worker halves) and the ignore file all see the same files as from a spill folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { downloadRepository, openRepositoryArchive } from '../../src/adapters/sources/github/download.js';
import { createScanPool, type ScanPool } from '../../src/engine/pool.js';
import { scanArrivingWorkspace, scanWorkspace, type ScanOutcome } from '../../src/engine/scan-workspace.js';
import type { FakeEntry } from '../fakes/github/server.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { clientFor, privateTmpdir } from '../adapters/sources/helpers.js';

// Fabricated credentials, split so the repository holds no whole token.
const AWS_KEY = ['AKIA', 'Z3MSJV4WWNKWW5FG'].join('');
const OTHER_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');

let fake: FakeGitHub;
let pool: ScanPool;
let tmp: Awaited<ReturnType<typeof privateTmpdir>>;

beforeAll(async () => {
  tmp = await privateTmpdir();
  fake = await startFakeGitHub();
  pool = createScanPool(1);
  fake.addRepo({
    owner: 'acme',
    repo: 'app',
    files: {
      'src/config.ts': `export const awsKey = '${AWS_KEY}';\n`,
      'vendor/generated.js': `const key = '${OTHER_KEY}';\n`,
      '.vigilignore': 'vendor/**\n',
      '.env': 'DEBUG=1\n',
      'package.json': JSON.stringify({ name: 'app', dependencies: { lodash: '4.17.20' } }),
      'package-lock.json': JSON.stringify({
        name: 'app',
        lockfileVersion: 3,
        packages: { '': { name: 'app', dependencies: { lodash: '4.17.20' } }, 'node_modules/lodash': { version: '4.17.20' } },
      }),
      '.github/workflows/ci.yml': [
        'on: pull_request_target',
        'jobs:',
        '  build:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - uses: actions/checkout@v4',
        '        with:',
        '          ref: ${{ github.event.pull_request.head.sha }}',
        '      - run: npm test',
        '',
      ].join('\n'),
      'logo.png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]),
    },
  });
  // Out of git's order: the ignored file first, then more than a batch of files, then the ignore file.
  fake.addRepo({
    owner: 'acme',
    repo: 'late-ignore',
    entries: () => [
      { path: 'vendor/generated.js', content: `const key = '${OTHER_KEY}';\n` },
      ...filler(600),
      { path: 'src/config.ts', content: `export const awsKey = '${AWS_KEY}';\n` },
      { path: '.vigilignore', content: 'vendor/**\n' },
    ],
  });
  // The archive's end waits until the scan pool has been given work: without overlap, a deadlock.
  fake.addRepo({
    owner: 'acme',
    repo: 'slow',
    entries: async function* () {
      yield* filler(1200);
      await firstTask;
      yield { path: 'z/last.ts', content: `export const awsKey = '${AWS_KEY}';\n` };
    },
  });
});

let started: () => void = () => undefined;
const firstTask = new Promise<void>((resolve) => (started = resolve));

/** Text files that do not compress away, so the archive's bytes flow as they are produced. */
function filler(count: number): FakeEntry[] {
  return Array.from({ length: count }, (_, i) => ({ path: `lib/f${String(i).padStart(4, '0')}.txt`, content: randomBytes(600).toString('hex') }));
}

afterAll(async () => {
  await pool.close();
  await fake.close();
  await tmp.restore();
});

/** Workspace folders in the temporary folder (tsx, which runs the pool's threads from sources, keeps its cache there too). */
const workspaces = async (): Promise<string[]> => (await tmp.leftovers()).filter((name) => name.startsWith('vigil-src-'));

/** Downloads and scans with the given budget; `during` is what the temporary folder held while the scan ran. */
async function scan(memoryBytes: number): Promise<{ outcome: ScanOutcome; during: string[]; inMemory: number }> {
  const ws = await downloadRepository({ client: clientFor(fake), owner: 'acme', repo: 'app', memoryBytes });
  let during: string[] = [];
  try {
    const outcome = await scanWorkspace(ws, 'acme/app', {
      pool,
      timeoutMs: 120_000,
      today: '2026-11-26',
      onProgress: () => void workspaces().then((names) => (during = [...new Set([...during, ...names])])),
    });
    during = [...new Set([...during, ...(await workspaces())])];
    return { outcome, during, inMemory: ws.memory?.files.size ?? 0 };
  } finally {
    await ws.dispose();
  }
}

const summary = (o: ScanOutcome) => ({
  findings: o.findings.map((f) => `${f.rule_id} ${'path' in f.location ? f.location.path : ''}:${'line' in f.location ? f.location.line : ''}`).sort(),
  scanners: o.stats.scanners.map((s) => `${s.name} ${s.state} ${s.files}`),
  ignored: o.stats.suppressed_ignore_file,
  unreadable: o.stats.unreadable,
});

describe('a repository archive within the memory budget', () => {
  it('reaches every scanner without a temporary folder, with the results of a spilled one', async () => {
    const memory = await scan(64 * 1024 * 1024);
    expect(memory.inMemory).toBe(7);
    expect(memory.during).toEqual([]);
    const spilled = await scan(0);
    expect(spilled.inMemory).toBe(0);
    expect(spilled.during.some((name) => name.startsWith('vigil-src-'))).toBe(true);
    expect(await workspaces()).toEqual([]);

    const a = summary(memory.outcome);
    expect(a).toEqual(summary(spilled.outcome));
    expect(a.unreadable).toBe(0);
    // The file scanners read the arenas, the ignore file was applied, the repository scanners read their files.
    expect(a.findings).toContain('aws-access-key-id src/config.ts:1');
    expect(a.findings.some((f) => f.includes('vendor/'))).toBe(false);
    expect(a.ignored).toBeGreaterThan(0);
    expect(a.findings.some((f) => f.includes(' .env:'))).toBe(true);
    expect(a.findings.some((f) => f.includes('.github/workflows/ci.yml'))).toBe(true);
    expect(a.scanners.some((s) => s.startsWith('supply_chain ran'))).toBe(true);
  });
});

describe('a repository archive scanned as it arrives', () => {
  it('dispatches batches to the scan workers before the archive has been read', async () => {
    const watching: ScanPool = { ...pool, run: (task, signal) => (started(), pool.run(task, signal)) };
    const arriving = await openRepositoryArchive({ client: clientFor(fake), owner: 'acme', repo: 'slow' });
    const { outcome, workspace } = await scanArrivingWorkspace(arriving, 'acme/slow', { pool: watching, timeoutMs: 120_000, today: '2026-11-26' });
    await workspace.dispose();
    expect(outcome.stats.files).toBe(1201);
    expect(outcome.stats.unreadable).toBe(0);
    expect(outcome.findings.map((f) => `${f.rule_id} ${'path' in f.location ? f.location.path : ''}`)).toContain('aws-access-key-id z/last.ts');
  });

  it('applies an ignore file that arrives after batches were dispatched (an archive out of git order)', async () => {
    for (const memoryBytes of [64 * 1024 * 1024, 0]) {
      const arriving = await openRepositoryArchive({ client: clientFor(fake), owner: 'acme', repo: 'late-ignore', memoryBytes });
      const { outcome, workspace } = await scanArrivingWorkspace(arriving, 'acme/late-ignore', { pool, timeoutMs: 120_000, today: '2026-11-26' });
      await workspace.dispose();
      const paths = outcome.findings.map((f) => ('path' in f.location ? f.location.path : ''));
      expect(paths).toContain('src/config.ts');
      expect(paths).not.toContain('vendor/generated.js');
      expect(outcome.stats.suppressed_ignore_file).toBeGreaterThan(0);
    }
    expect(await workspaces()).toEqual([]);
  });

  it('fails with the download error for a truncated archive and leaves nothing behind', async () => {
    fake.addRepo({ owner: 'acme', repo: 'cut', entries: () => filler(300), tarballFailure: { kind: 'truncate' } });
    for (const memoryBytes of [64 * 1024 * 1024, 0]) {
      const arriving = await openRepositoryArchive({ client: clientFor(fake), owner: 'acme', repo: 'cut', memoryBytes });
      const error = await scanArrivingWorkspace(arriving, 'acme/cut', { pool, timeoutMs: 120_000 }).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/^Archive download failed: the archive is truncated or corrupt/);
      await expect(arriving.workspace).rejects.toBe(error);
    }
    expect(await workspaces()).toEqual([]);
  });
});
