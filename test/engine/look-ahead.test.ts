import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { createAdaptiveScanPool, createInlinePool, createScanPool, sparesACore } from '../../src/engine/pool.js';
import scanBatch, { READ_AHEAD_FILES, scanTexts } from '../../src/engine/worker.js';

const LOOK_AHEAD_SCANNER = new URL('./fixtures/look-ahead-scanner.ts', import.meta.url).href;
const MARKER_SCANNER = new URL('./fixtures/marker-scanner.ts', import.meta.url).href;

interface Report {
  looked: boolean;
  namedInFolder: number;
  text: string;
}
const reportsOf = (findings: readonly { path: string; ruleId: string; description: string }[]) =>
  new Map(findings.filter((f) => f.ruleId === 'look-ahead').map((f) => [f.path, JSON.parse(f.description) as Report]));

describe('engine: files named to the scanners ahead of their scan (FileScanner.lookAhead)', () => {
  let root: string;
  const count = READ_AHEAD_FILES * 3;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vigil-look-ahead-'));
    for (const folder of ['a', 'b']) {
      await mkdir(join(root, folder));
      for (let i = 0; i < count; i++) await writeFile(join(root, folder, `f${i}.txt`), `text ${i}\n${i === 7 ? 'MARKER\n' : ''}`);
    }
    await writeFile(join(root, 'b', 'ahead-boom.txt'), 'boom\n');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('names each file, in order, before it is scanned and never more than READ_AHEAD_FILES texts ahead', async () => {
    const paths = Array.from({ length: count }, (_, i) => `a/f${i}.txt`);
    // A file that cannot be read is neither named nor scanned.
    paths.splice(10, 0, 'a/missing.txt');
    const result = await scanBatch({ root, paths, scannerModules: [LOOK_AHEAD_SCANNER, MARKER_SCANNER], lookAhead: true });
    expect(result.unreadable).toBe(1);
    const reports = reportsOf(result.findings);
    expect(reports.size).toBe(count);
    // A file that cannot be read takes no place among the texts read ahead.
    const readable = paths.filter((p) => p !== 'a/missing.txt');
    for (const [rank, path] of readable.entries()) {
      const report = reports.get(path) as Report;
      const i = Number(/f(\d+)/.exec(path)?.[1]);
      expect(report.text).toBe(`text ${i}\n${i === 7 ? 'MARKER\n' : ''}`);
      // The first file is read and scanned at once; every later one was named when read, ahead of its scan.
      expect(report.looked).toBe(rank > 0);
      expect(report.namedInFolder).toBe(Math.min(rank + READ_AHEAD_FILES, readable.length - 1));
    }
    // The other scanner saw every file as before.
    expect(result.findings.filter((f) => f.ruleId === 'marker').map((f) => f.path)).toEqual(['a/f7.txt']);
    expect(result.tallies.code).toMatchObject({ failures: 0 });
  });

  it('scans a file whose lookAhead threw as any other', async () => {
    const paths = ['b/f0.txt', 'b/ahead-boom.txt', 'b/f1.txt'];
    const result = await scanBatch({ root, paths, scannerModules: [LOOK_AHEAD_SCANNER], lookAhead: true });
    const reports = reportsOf(result.findings);
    expect([...reports.keys()]).toEqual(paths);
    expect(reports.get('b/ahead-boom.txt')?.looked).toBe(false);
    expect(reports.get('b/f1.txt')?.looked).toBe(true);
  });

  it('names the texts of a history scan ahead too', async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ key: i, path: `h/f${i}.txt`, text: `history ${i}\n` }));
    const result = await scanTexts({ files, scannerModules: [LOOK_AHEAD_SCANNER], lookAhead: true });
    const reports = new Map(result.findings.flatMap((f) => f.findings.map((x) => [x.path, JSON.parse(x.description) as Report] as const)));
    expect([...reports.values()].map((r) => r.looked)).toEqual([false, true, true, true, true]);
    expect(reports.get('h/f0.txt')?.namedInFolder).toBe(4);
  });

  it('names nothing ahead unless the task asks', async () => {
    await mkdir(join(root, 'c'));
    const paths = ['c/f0.txt', 'c/f1.txt', 'c/f2.txt'];
    for (const path of paths) await writeFile(join(root, path), 'x\n');
    const reports = reportsOf((await scanBatch({ root, paths, scannerModules: [LOOK_AHEAD_SCANNER] })).findings);
    expect([...reports.values()].map((r) => r.looked)).toEqual([false, false, false]);
  });

  it('is asked for by a pool whose threads leave a core free: one thread, or fewer threads than cores', async () => {
    expect(sparesACore(availableParallelism())).toBe(false);
    expect(sparesACore(availableParallelism() - 1)).toBe(availableParallelism() > 1);
    const looked = async (pool: ReturnType<typeof createInlinePool>, folder: string) => {
      await mkdir(join(root, folder));
      const paths = [`${folder}/f0.txt`, `${folder}/f1.txt`];
      for (const path of paths) await writeFile(join(root, path), 'x\n');
      try {
        const result = await pool.run({ root, paths, scannerModules: [LOOK_AHEAD_SCANNER] });
        return reportsOf(result.findings).get(`${folder}/f1.txt`)?.looked;
      } finally {
        await pool.close();
      }
    };
    const cores = availableParallelism();
    expect(await looked(createInlinePool(), 'inline')).toBe(cores > 1);
    expect(await looked(createScanPool(cores), 'all-cores')).toBe(false);
    if (cores > 1) expect(await looked(createScanPool(cores - 1), 'spare-core')).toBe(true);
    // A command-line scan's pool: on its own thread, and on as many threads as cores.
    const adaptive = (threads: number, inline: boolean) => {
      const pool = createAdaptiveScanPool(threads, { bytes: 100, files: 100 });
      if (inline) pool.walked();
      else pool.observe(1, 101);
      return pool;
    };
    expect(await looked(adaptive(cores, true), 'adaptive-inline')).toBe(cores > 1);
    expect(await looked(adaptive(cores, false), 'adaptive-threads')).toBe(false);
    if (cores > 1) expect(await looked(adaptive(cores - 1, false), 'adaptive-spare')).toBe(true);
  });
});
