import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCANNER_NAMES } from '../../src/core/findings.js';
import type { ScannerModule } from '../../src/engine/types.js';
import { FILE_SCANNERS, REPOSITORY_SCANNERS } from '../../src/scanners/index.js';

/** Where each scanner lives; the API scanner runs on its own request path, not over a workspace. */
const FOLDER_OF: Readonly<Record<string, string>> = { secrets: 'secrets', cicd: 'workflows', code: 'code', supply_chain: 'dependencies', api_headers: 'http' };

describe('scanner registry', () => {
  it('names every repository scanner folder once, by its scanner name', async () => {
    const folders = (await readdir(new URL('../../src/scanners/', import.meta.url), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    const registered = [...FILE_SCANNERS.map((s) => s.name), ...REPOSITORY_SCANNERS];
    expect(new Set(registered).size).toBe(registered.length);
    for (const name of SCANNER_NAMES) expect(folders).toContain(FOLDER_OF[name]);
    // Every folder except the API scanner's is in a repository scan.
    const inScans = registered.map((n) => FOLDER_OF[n]);
    expect(folders.filter((f) => !inScans.includes(f) && f !== 'http')).toEqual([]);
  });

  it.each(FILE_SCANNERS.map((s) => [s.name, s.module] as const))('%s exports a file scanner of that name', async (name, module) => {
    const loaded = (await import(fileURLToPath(module))) as ScannerModule;
    expect(loaded.scanner.name).toBe(name);
    expect(typeof loaded.scanner.scanFile).toBe('function');
  });
});
