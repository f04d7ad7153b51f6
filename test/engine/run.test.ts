import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanPool, type ScanPool } from '../../src/engine/pool.js';
import { BATCH_BYTES, BATCH_FILES, batches, runFileScanners } from '../../src/engine/run.js';

const MARKER_SCANNER = new URL('./fixtures/marker-scanner.ts', import.meta.url).href;

describe('engine: file scanners on the worker pool', () => {
  let pool: ScanPool;
  let root: string;
  const files: { path: string; size: number }[] = [];
  beforeAll(async () => {
    pool = createScanPool(2);
    root = await mkdtemp(join(tmpdir(), 'vigil-engine-'));
    await mkdir(join(root, 'src'), { recursive: true });
    for (let i = 0; i < 60; i++) {
      const text = i % 10 === 0 ? `line\nMARKER ${i}\n` : `nothing here ${i}\n`;
      await writeFile(join(root, 'src', `f${i}.txt`), text);
      files.push({ path: `src/f${i}.txt`, size: text.length });
    }
  });
  afterAll(async () => {
    await pool.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs scanners in worker threads and collects their findings with positions', async () => {
    const result = await runFileScanners({ root, files }, { pool, scannerModules: [MARKER_SCANNER], scannerNames: ['code'], timeoutMs: 30_000 });
    expect(result.raw.map((f) => f.path).sort()).toEqual(['src/f0.txt', 'src/f10.txt', 'src/f20.txt', 'src/f30.txt', 'src/f40.txt', 'src/f50.txt']);
    expect(result.raw.every((f) => f.line === 2 && f.column === 1)).toBe(true);
    expect(result.statuses).toEqual([{ name: 'code', state: 'ran', files: 60, findings: 6, failures: 0 }]);
    expect(result.warnings).toEqual([]);
  });

  it('turns a scanner failure into a warning and a failed status, keeping other results', async () => {
    await writeFile(join(root, 'boom.txt'), 'MARKER\n');
    const result = await runFileScanners(
      { root, files: [...files, { path: 'boom.txt', size: 7 }, { path: 'missing.txt', size: 1 }] },
      { pool, scannerModules: [MARKER_SCANNER], scannerNames: ['code'], timeoutMs: 30_000 },
    );
    expect(result.raw).toHaveLength(6);
    expect(result.statuses[0]).toMatchObject({ name: 'code', state: 'failed', failures: 1, error: 'boom.txt: scanner exploded' });
    expect(result.warnings[0]).toContain('The code scanner failed on 1 file(s)');
    expect(result.warnings[1]).toBe('1 file(s) could not be read and were not scanned');
  });

  it('reports a scanner with no files as skipped', async () => {
    const result = await runFileScanners({ root, files: [] }, { pool, scannerModules: [MARKER_SCANNER], scannerNames: ['code'], timeoutMs: 30_000 });
    expect(result.statuses).toEqual([{ name: 'code', state: 'skipped', files: 0, findings: 0, failures: 0 }]);
  });

  it('stops at the wall-clock limit with a clear error', async () => {
    const big = Array.from({ length: 400 }, (_, i) => ({ path: `src/f${i % 60}.txt`, size: 5_000_000 }));
    await expect(
      runFileScanners({ root, files: big }, { pool, scannerModules: [MARKER_SCANNER], scannerNames: ['code'], timeoutMs: 1 }),
    ).rejects.toThrow(/did not finish within the 0 s limit/);
  });

  it('batches by bytes and count', () => {
    const many = Array.from({ length: BATCH_FILES * 2 + 7 }, (_, i) => ({ path: `p${i}`, size: 10 }));
    expect(batches(many).map((b) => b.length)).toEqual([BATCH_FILES, BATCH_FILES, 7]);
    const most = Math.floor(BATCH_BYTES * 0.7);
    const heavy = [{ path: 'c', size: 10 }, { path: 'a', size: most + 1 }, { path: 'b', size: most }];
    // Largest first; a file that would cross the byte bound starts a new batch.
    expect(batches(heavy)).toEqual([['a'], ['b', 'c']]);
  });
});
