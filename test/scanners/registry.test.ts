import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHARED_SCANNER_MODULES } from '../../scripts/layers.js';
import { SCANNER_NAMES } from '../../src/core/findings.js';
import type { FileScannerModule, RepositoryScannerModule } from '../../src/scanners/contract.js';
import { FILE_SCANNERS, REPOSITORY_SCANNERS, SCANNERS } from '../../src/scanners/index.js';

/** Where each scanner lives; the API scanner runs on its own request path, not over a workspace. */
const FOLDER_OF: Readonly<Record<string, string>> = { secrets: 'secrets', cicd: 'workflows', code: 'code', supply_chain: 'dependencies', api_headers: 'http' };

describe('scanner registry', () => {
  it('names every repository scanner folder, each entry once per kind, from its own folder', async () => {
    const folders = (await readdir(new URL('../../src/scanners/', import.meta.url), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    const keys = SCANNERS.map((s) => `${s.kind}:${s.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SCANNERS).toEqual([...FILE_SCANNERS, ...REPOSITORY_SCANNERS]);
    for (const name of SCANNER_NAMES) expect(folders).toContain(FOLDER_OF[name]);
    for (const s of SCANNERS) expect(fileURLToPath(s.module)).toContain(`/src/scanners/${FOLDER_OF[s.name]}/`);
    // Every folder except the API scanner's and the modules kinds share is in a repository scan.
    const inScans = SCANNERS.map((s) => FOLDER_OF[s.name]);
    const shared = SHARED_SCANNER_MODULES.filter((m) => m.endsWith('/')).map((m) => m.split('/')[2]);
    expect(shared).toEqual(['advisories']);
    expect(folders.filter((f) => !inScans.includes(f) && f !== 'http' && !shared.includes(f))).toEqual([]);
  });

  it('runs the secrets scanner alone over git histories', () => {
    expect(FILE_SCANNERS.filter((s) => s.history === true).map((s) => s.name)).toEqual(['secrets']);
  });

  it.each(FILE_SCANNERS.map((s) => [s.name, s.module] as const))('%s exports a file scanner of that name', async (name, module) => {
    const loaded = (await import(fileURLToPath(module))) as FileScannerModule;
    expect(loaded.scanner.name).toBe(name);
    expect(typeof loaded.scanner.scanFile).toBe('function');
  });

  it.each(REPOSITORY_SCANNERS.map((s) => [s.name, s.module] as const))('%s exports a repository scanner of that name', async (name, module) => {
    const loaded = (await import(fileURLToPath(module))) as RepositoryScannerModule;
    expect(loaded.scanner.name).toBe(name);
    expect(typeof loaded.scanner.scanRepository).toBe('function');
  });
});
