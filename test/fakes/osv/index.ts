import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OsvVulnerability } from '../../../src/scanners/advisories/osv-schema.js';

export { startFakeOsv, MAX_BATCH_QUERIES, type FakeOsv, type FakeOsvFailure, type FakeOsvOptions, type FakeOsvRequest } from './server.js';
export { fakeAffects } from './match.js';

export const OSV_RECORDS_DIR = fileURLToPath(new URL('./records/', import.meta.url));

/** The fixture records in records/*.json, sorted by id. */
export function loadOsvRecords(): OsvVulnerability[] {
  return readdirSync(OSV_RECORDS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(OSV_RECORDS_DIR, f), 'utf8')) as OsvVulnerability);
}

/** `count` synthetic npm records all affecting `name` at every version below 9.9.9 (paging tests). */
export function syntheticNpmRecords(name: string, count: number, prefix = 'GHSA-test'): OsvVulnerability[] {
  return Array.from({ length: count }, (_, i) => ({
    schema_version: '1.6.0',
    id: `${prefix}-${String(i).padStart(4, '0')}`,
    modified: '2024-01-01T00:00:00Z',
    summary: `synthetic advisory ${i} for ${name}`,
    affected: [{ package: { ecosystem: 'npm', name }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '9.9.9' }] }] }],
  }));
}
