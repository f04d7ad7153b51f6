import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { importOsv, ImportError, toImportRow } from '../../../../src/scanners/dependencies/advisories/import.js';
import { OfflineAdvisorySource } from '../../../../src/scanners/dependencies/advisories/offline.js';
import { AdvisoriesRepository } from '../../../../src/storage/index.js';
import { BACKENDS, openTestStorage, type TestStorage } from '../../../helpers/storage.js';

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
    expect(stats).toEqual({ documents: 5, records: 3, stored: 3, withdrawn: 1, otherEcosystems: 1, invalid: 1 });
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

  it('says what is wrong with a path that is not an export', async () => {
    const repository = new AdvisoriesRepository(ts.storage.db);
    await expect(importOsv(join(dir, 'missing.zip'), repository)).rejects.toThrow(ImportError);
    await writeFile(join(dir, 'notes.txt'), 'x');
    await expect(importOsv(join(dir, 'notes.txt'), repository)).rejects.toThrow(/expected an OSV export/);
    await writeFile(join(dir, 'fake.zip'), 'not a zip');
    await expect(importOsv(join(dir, 'fake.zip'), repository)).rejects.toThrow(/not a readable zip/);
  });
});
