/**
 * A local folder scanned while it is walked (what `vigil scan DIR` does): the findings are those of
 * the whole walk scanned at once, whatever order the walk finds files in and whatever it holds in
 * memory; and the repository scanners (the dependency check) start while file batches still run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_BYTES } from '../../src/adapters/sources/arenas.js';
import { openLocalDirectory, walkLocalDirectory } from '../../src/adapters/sources/local.js';
import { createAdaptiveScanPool, createScanPool, type ScanPool } from '../../src/engine/pool.js';
import { scanArrivingWorkspace, scanWorkspace, type ScanOutcome } from '../../src/engine/scan-workspace.js';
import { FILE_SCANNERS } from '../../src/scanners/index.js';

// Fabricated credentials, split so the repository holds no whole token.
const AWS_KEY = ['AKIA', 'Z3MSJV4WWNKWW5FG'].join('');
const OTHER_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');

let dir: string;
let pool: ScanPool;

async function put(path: string, content: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-local-arrival-'));
  pool = createScanPool(2);
  await put('src/config.ts', `export const awsKey = '${AWS_KEY}';\n`);
  await put('vendor/generated.js', `const key = '${OTHER_KEY}';\n`);
  await put('.vigilignore', 'vendor/**\n');
  await put('.env', 'DEBUG=1\n');
  await put('app/routes.js', "const express = require('express');\nconst app = express();\napp.get('/run', (req, res) => { eval(req.query.code); res.send('ok'); });\n");
  await put('package.json', JSON.stringify({ name: 'app', dependencies: { lodash: '4.17.20', expres: '1.0.0' } }));
  await put(
    '.github/workflows/ci.yml',
    ['on: pull_request_target', 'jobs:', '  build:', '    runs-on: ubuntu-latest', '    steps:', '      - uses: actions/checkout@v4', '        with:', '          ref: ${{ github.event.pull_request.head.sha }}', '      - run: npm test', ''].join('\n'),
  );
  // More than one batch of files, in many folders.
  for (let i = 0; i < 260; i += 1) await put(`lib/p${i % 9}/m${i}.py`, `def f${i}(x):\n    return x + ${i}\n`);
});

afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

const summary = (o: ScanOutcome) => ({
  findings: o.findings.map((f) => `${f.id} ${f.rule_id} ${'path' in f.location ? f.location.path : ''}:${'line' in f.location ? f.location.line : ''}`).sort(),
  warnings: [...o.warnings].sort(),
  stats: { ...o.stats, duration_ms: 0 },
});

const options = { timeoutMs: 120_000, today: '2026-11-26' };

describe('a local folder scanned as it is walked', () => {
  it('finds what a scan of the whole walk finds, whatever the walk order and the memory held', async () => {
    const whole = await openLocalDirectory(dir);
    const reference = summary(await scanWorkspace(whole, 'app', { pool, ...options }));
    expect(reference.findings.some((f) => f.includes('aws-access-key-id src/config.ts:1'))).toBe(true);
    expect(reference.findings.some((f) => f.includes('vendor/'))).toBe(false);
    expect(reference.findings.some((f) => f.includes('app/routes.js'))).toBe(true);
    expect(reference.findings.some((f) => f.includes('.github/workflows/ci.yml'))).toBe(true);
    expect(reference.findings.some((f) => f.includes(' package.json'))).toBe(true);
    expect(reference.stats.suppressed_ignore_file).toBeGreaterThan(0);
    for (const walk of [
      { concurrency: 1, memoryBytes: 0 },
      { concurrency: 16, memoryBytes: 64 * 1024 * 1024 },
      { concurrency: 64, memoryBytes: ARENA_BYTES },
    ]) {
      const arriving = await walkLocalDirectory(dir, walk);
      const { outcome, workspace } = await scanArrivingWorkspace(arriving, 'app', { pool, ...options });
      await workspace.dispose();
      expect(summary(outcome), JSON.stringify(walk)).toEqual(reference);
    }
  });

  it("on the CLI's pool, on this thread for a small tree (with or without the code scanner on a thread of its own) and on worker threads past the limits, finds the same", async () => {
    const reference = summary(await scanWorkspace(await openLocalDirectory(dir), 'app', { pool, ...options }));
    const code = FILE_SCANNERS.filter((s) => s.name === 'code').map((s) => s.module);
    for (const [limits, placement, offload] of [
      [{ bytes: 1024 * 1024, files: 1000 }, 'inline', []],
      [{ bytes: 1024 * 1024, files: 1000, offloadBytes: 0 }, 'inline', code],
      [{ bytes: 4096, files: 1000 }, 'threads', []],
      [{ bytes: 4096, files: 1000, offloadBytes: 0 }, 'threads', code],
      [{ bytes: 1024 * 1024, files: 50 }, 'threads', []],
    ] as const) {
      const adaptive = createAdaptiveScanPool(2, limits, { root: dir, paths: [], scannerModules: FILE_SCANNERS.map((s) => s.module) }, undefined, offload);
      try {
        const arriving = await walkLocalDirectory(dir, { memoryBytes: 64 * 1024 * 1024, onProgress: (files, bytes) => adaptive.observe(files, bytes) });
        void arriving.workspace.finally(() => adaptive.walked());
        const { outcome, workspace } = await scanArrivingWorkspace(arriving, 'app', { pool: adaptive, inFlightPerThread: 4, ...options });
        await workspace.dispose();
        expect(adaptive.placement).toBe(placement);
        // On this thread the code scanner's own thread counts as a second one.
        expect(adaptive.size).toBe(placement === 'inline' && offload.length === 0 ? 1 : 2);
        if (placement === 'inline') expect(adaptive.threads).toBe(offload.length > 0 ? 1 : 0);
        // Past the limits the code scanner's thread became the first of the two scan threads.
        else expect(adaptive.threads).toBe(2);
        expect(summary(outcome), `${placement} ${offload.length}`).toEqual(reference);
      } finally {
        await adaptive.close();
      }
    }
  });

  it('starts the dependency check while file batches are still running', async () => {
    // File batches are held until the dependency check has asked for its worker half: had it waited
    // for the file scanners, as it once did, the scan would never end.
    for (const walked of [false, true]) {
      let asked: () => void = () => undefined;
      const dependencyCheck = new Promise<void>((resolve) => (asked = resolve));
      const gated: ScanPool = {
        ...pool,
        run: async (task, signal) => {
          if (task.paths.length > 0) await dependencyCheck;
          return pool.run(task, signal);
        },
        runRepository: (task, signal) => {
          asked();
          return pool.runRepository(task, signal);
        },
      };
      let outcome: ScanOutcome;
      if (walked) {
        const scanned = await scanArrivingWorkspace(await walkLocalDirectory(dir), 'app', { pool: gated, ...options });
        await scanned.workspace.dispose();
        outcome = scanned.outcome;
      } else {
        outcome = await scanWorkspace(await openLocalDirectory(dir), 'app', { pool: gated, ...options });
      }
      expect(outcome.stats.scanners.find((s) => s.name === 'supply_chain')?.state).toBe('ran');
    }
  });
});
