import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { boundedLines, importOsv, ImportError, MAX_PROBLEMS, toImportRow } from '../../../src/adapters/osv/import.js';
import { OfflineAdvisorySource } from '../../../src/adapters/osv/offline.js';
import { AdvisoriesRepository } from '../../../src/adapters/storage/index.js';
import { BACKENDS, openTestStorage, type TestStorage } from '../../helpers/storage.js';

const record = (id: string, modified: string, affected: unknown[], extra: Record<string, unknown> = {}) => ({
  schema_version: '1.6.0',
  id,
  modified,
  published: '2024-01-01T00:00:00Z',
  summary: `${id} summary`,
  affected,
  ...extra,
});

const npmRange = (name: string, introduced: string, fixed: string) => ({
  package: { ecosystem: 'npm', name },
  ranges: [{ type: 'SEMVER', events: [{ introduced }, { fixed }] }],
});

const RECORDS = [
  record('GHSA-aaaa-bbbb-cccc', '2024-02-01T00:00:00Z', [npmRange('left-pad', '0', '1.3.0')], { aliases: ['CVE-2024-0001'] }),
  record('PYSEC-2024-1', '2024-02-01T00:00:00Z', [
    { package: { ecosystem: 'PyPI', name: 'Django_Rest' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0' }] }], versions: ['1.0', '1.5'] },
  ]),
  record('GHSA-wwww-xxxx-yyyy', '2024-02-01T00:00:00Z', [npmRange('left-pad', '0', '9.9.9')], { withdrawn: '2024-03-01T00:00:00Z' }),
  record('DSA-1-1', '2024-02-01T00:00:00Z', [{ package: { ecosystem: 'Debian:12', name: 'openssl' }, versions: ['3.0.0'] }]),
];

async function zipOf(entries: Record<string, string>, path: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  await writeFile(path, Buffer.concat(chunks));
}

describe('OSV record rows', () => {
  it('keeps our ecosystems, normalises names and flags withdrawn records', () => {
    const row = toImportRow(RECORDS[1]);
    expect(row).toMatchObject({ id: 'PYSEC-2024-1', withdrawn: false, packages: [{ ecosystem: 'PyPI', name: 'django-rest' }] });
    expect(toImportRow(RECORDS[2])).toMatchObject({ withdrawn: true });
    expect(toImportRow(RECORDS[3])).toBe('other-ecosystem');
    expect(toImportRow({ id: 'X' })).toBe('invalid');
    expect(toImportRow([1, 2])).toBe('invalid');
    // NuGet package ids are case-insensitive.
    expect(toImportRow(record('GHSA-nuget', '2024-01-01T00:00:00Z', [{ package: { ecosystem: 'NuGet', name: 'Newtonsoft.Json' }, versions: ['12.0.1'] }]))).toMatchObject({
      packages: [{ ecosystem: 'NuGet', name: 'newtonsoft.json' }],
    });
  });
});

describe.each(BACKENDS)('offline advisory database (%s)', (backend) => {
  let ts: TestStorage;
  let dir: string;
  beforeAll(async () => {
    ts = await openTestStorage(backend);
    dir = await mkdtemp(join(tmpdir(), 'vigil-osv-'));
  });
  afterAll(async () => {
    await ts.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses to answer while nothing is imported', async () => {
    const source = new OfflineAdvisorySource(new AdvisoriesRepository(ts.storage.db));
    await expect(source.lookup([{ ecosystem: 'npm', name: 'left-pad', version: '1.0.0' }])).rejects.toThrow(/vigil osv import/);
  });

  it('imports an all.zip export, counting other ecosystems and broken entries', async () => {
    const zipPath = join(dir, 'all.zip');
    await zipOf(
      {
        ...Object.fromEntries(RECORDS.map((r) => [`${r.id}.json`, JSON.stringify(r)])),
        'broken.json': '{"id": ',
        'README.txt': 'not a record',
      },
      zipPath,
    );
    const repository = new AdvisoriesRepository(ts.storage.db);
    const stats = await importOsv(zipPath, repository);
    expect(stats).toEqual({
      documents: 5,
      records: 3,
      stored: 3,
      withdrawn: 1,
      otherEcosystems: 1,
      invalid: 1,
      problems: [expect.stringMatching(/^all\.zip: broken\.json: not JSON \(/)],
    });
    expect(await repository.counts()).toMatchObject({ advisories: 3, withdrawn: 1, packages: 2 });
    expect((await repository.counts()).ecosystems.map((e) => [e.ecosystem, e.advisories])).toEqual([['PyPI', 1], ['npm', 1]]);
  });

  it('matches locally: ranges, versions lists, PEP 503 names, withdrawn records ignored', async () => {
    const source = new OfflineAdvisorySource(new AdvisoriesRepository(ts.storage.db));
    const answers = await source.lookup([
      { ecosystem: 'npm', name: 'left-pad', version: '1.2.0' },
      { ecosystem: 'npm', name: 'left-pad', version: '1.3.0' },
      { ecosystem: 'PyPI', name: 'django.rest', version: '1.5' },
      { ecosystem: 'PyPI', name: 'django-rest', version: '2.0' },
      { ecosystem: 'npm', name: 'unknown-package', version: '1.0.0' },
    ]);
    expect(answers.map((a) => a.map((r) => r.id))).toEqual([['GHSA-aaaa-bbbb-cccc'], [], ['PYSEC-2024-1'], [], []]);
  });

  it('replaces a record only with a newer copy, from a folder of JSON files', async () => {
    const folder = join(dir, 'records', 'npm');
    await mkdir(folder, { recursive: true });
    const older = record('GHSA-aaaa-bbbb-cccc', '2023-01-01T00:00:00Z', [npmRange('left-pad', '0', '2.0.0')]);
    await writeFile(join(folder, 'older.json'), JSON.stringify(older));
    const repository = new AdvisoriesRepository(ts.storage.db);
    expect((await importOsv(join(dir, 'records'), repository)).stored).toBe(0);
    const newer = record('GHSA-aaaa-bbbb-cccc', '2025-01-01T00:00:00Z', [npmRange('left-pad', '0', '2.0.0')]);
    await writeFile(join(folder, 'newer.json'), JSON.stringify(newer));
    expect((await importOsv(join(dir, 'records'), repository)).stored).toBe(1);
    const source = new OfflineAdvisorySource(repository);
    const [answer] = await source.lookup([{ ecosystem: 'npm', name: 'left-pad', version: '1.5.0' }]);
    expect(answer?.map((r) => r.modified)).toEqual(['2025-01-01T00:00:00Z']);
  });

  it('imports a JSON-lines file, naming the line of each bad record', async () => {
    const repository = new AdvisoriesRepository(ts.storage.db);
    const lines = [
      JSON.stringify(record('GHSA-jl01-aaaa-bbbb', '2024-05-01T00:00:00Z', [npmRange('jsonl-pkg', '0', '1.0.1')])),
      '',
      '{"id": "GHSA-jl02", "modified": ', // cut short
      JSON.stringify({ id: 'GHSA-jl03' }), // no modified
      '   ',
      JSON.stringify(record('PYSEC-2024-99', '2024-05-01T00:00:00Z', [{ package: { ecosystem: 'PyPI', name: 'jsonl-py' }, versions: ['1.0'] }])),
      '[1, 2]',
      JSON.stringify(RECORDS[3]), // Debian: another ecosystem
    ];
    // A byte-order mark, CRLF endings and no final newline are fine.
    await writeFile(join(dir, 'osv.jsonl'), `\uFEFF${lines.join('\r\n')}`);
    const stats = await importOsv(join(dir, 'osv.jsonl'), repository);
    expect(stats).toEqual({
      documents: 6,
      records: 2,
      stored: 2,
      withdrawn: 0,
      otherEcosystems: 1,
      invalid: 3,
      problems: [
        expect.stringMatching(/^osv\.jsonl line 3: not JSON \(/),
        'osv.jsonl line 4: not an OSV record (GHSA-jl03: "modified" is missing or not a string)',
        'osv.jsonl line 7: not an OSV record (a JSON array, expected an object)',
      ],
    });
    const source = new OfflineAdvisorySource(repository);
    const answers = await source.lookup([
      { ecosystem: 'npm', name: 'jsonl-pkg', version: '1.0.0' },
      { ecosystem: 'PyPI', name: 'jsonl-py', version: '1.0' },
    ]);
    expect(answers.map((a) => a.map((r) => r.id))).toEqual([['GHSA-jl01-aaaa-bbbb'], ['PYSEC-2024-99']]);
  });

  it('imports gzip-compressed JSON lines (.jsonl.gz, .ndjson.gz) as a stream', async () => {
    const repository = new AdvisoriesRepository(ts.storage.db);
    const many = Array.from({ length: 1200 }, (_, i) => JSON.stringify(record(`GHSA-gz${String(i).padStart(4, '0')}`, '2024-06-01T00:00:00Z', [npmRange(`gz-pkg-${i}`, '0', '2.0.0')])));
    await writeFile(join(dir, 'all.jsonl.gz'), gzipSync(Buffer.from(`${many.join('\n')}\nnot json\n`)));
    const stats = await importOsv(join(dir, 'all.jsonl.gz'), repository);
    expect(stats).toMatchObject({ records: 1200, stored: 1200, invalid: 1, problems: [expect.stringMatching(/^all\.jsonl\.gz line 1201: not JSON/)] });
    await writeFile(join(dir, 'few.ndjson.gz'), gzipSync(Buffer.from(`${many[0]}\n`)));
    expect(await importOsv(join(dir, 'few.ndjson.gz'), repository)).toMatchObject({ records: 1, invalid: 0 });
    const [answer] = await new OfflineAdvisorySource(repository).lookup([{ ecosystem: 'npm', name: 'gz-pkg-1199', version: '1.0.0' }]);
    expect(answer?.map((r) => r.id)).toEqual(['GHSA-gz1199']);
  });

  it('names at most a few bad lines, counting the rest', async () => {
    const repository = new AdvisoriesRepository(ts.storage.db);
    await writeFile(join(dir, 'junk.ndjson'), Array.from({ length: 50 }, (_, i) => `junk ${i}`).join('\n'));
    const stats = await importOsv(join(dir, 'junk.ndjson'), repository);
    expect(stats.invalid).toBe(50);
    expect(stats.problems).toHaveLength(MAX_PROBLEMS);
    expect(stats.problems[MAX_PROBLEMS - 1]).toMatch(new RegExp(`^junk\\.ndjson line ${MAX_PROBLEMS}: not JSON`));
  });

  it('refuses a broken or fake gzip file, saying how far it got', async () => {
    const repository = new AdvisoriesRepository(ts.storage.db);
    const good = JSON.stringify(record('GHSA-trunc-aaaa-bbbb', '2024-07-01T00:00:00Z', [npmRange('trunc-pkg', '0', '1.0.0')]));
    const gz = gzipSync(Buffer.from(`${good}\n${good}\n`.repeat(50)));
    await writeFile(join(dir, 'cut.jsonl.gz'), gz.subarray(0, gz.length - 20));
    await expect(importOsv(join(dir, 'cut.jsonl.gz'), repository)).rejects.toThrow(/cut\.jsonl\.gz: not a readable gzip file after line \d+ \(/);
    await writeFile(join(dir, 'plain.jsonl.gz'), `${good}\n`);
    await expect(importOsv(join(dir, 'plain.jsonl.gz'), repository)).rejects.toThrow(/not a gzip file/);
    // A .jsonl that happens to be gzip-compressed is read all the same.
    await writeFile(join(dir, 'packed.jsonl'), gzipSync(Buffer.from(`${good}\n`)));
    expect(await importOsv(join(dir, 'packed.jsonl'), repository)).toMatchObject({ records: 1, invalid: 0 });
  });

  it('says what is wrong with a path that is not an export', async () => {
    const repository = new AdvisoriesRepository(ts.storage.db);
    await expect(importOsv(join(dir, 'missing.zip'), repository)).rejects.toThrow(ImportError);
    await writeFile(join(dir, 'notes.txt'), 'x');
    await expect(importOsv(join(dir, 'notes.txt'), repository)).rejects.toThrow(/expected an OSV export .*JSON-lines file \(\.jsonl or \.ndjson/);
    await writeFile(join(dir, 'fake.zip'), 'not a zip');
    await expect(importOsv(join(dir, 'fake.zip'), repository)).rejects.toThrow(/not a readable zip/);
  });
});

describe('JSON lines with a bound', () => {
  function chunks(...parts: string[]): AsyncIterable<Buffer> {
    return (async function* () {
      for (const part of parts) yield await Promise.resolve(Buffer.from(part));
    })();
  }
  async function collect(max: number, ...parts: string[]) {
    const long: number[] = [];
    const lines: [number, string][] = [];
    for await (const { line, bytes } of boundedLines(chunks(...parts), max, (n) => long.push(n))) lines.push([line, bytes.toString()]);
    return { lines, long };
  }

  it('joins lines split across chunks and numbers them from 1', async () => {
    expect(await collect(100, 'ab', 'c\nde', 'f\r\n', '\ng')).toEqual({ lines: [[1, 'abc'], [2, 'def'], [3, ''], [4, 'g']], long: [] });
  });

  it('skips a line longer than the bound without holding it', async () => {
    expect(await collect(5, '12345', '6789\nok\n', 'x'.repeat(20), '\nlast')).toEqual({ lines: [[2, 'ok'], [4, 'last']], long: [1, 3] });
  });
});
