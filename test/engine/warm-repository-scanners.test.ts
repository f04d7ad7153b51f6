import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { warmRepositoryScanners } from '../../src/engine/scan-workspace.js';
import type { RepositoryScannerModule } from '../../src/scanners/contract.js';
import { REPOSITORY_SCANNERS } from '../../src/scanners/index.js';

describe('warmRepositoryScanners', () => {
  it('every repository scanner that imports modules lazily can load them ahead of the first scan', async () => {
    for (const entry of REPOSITORY_SCANNERS) {
      const source = readFileSync(fileURLToPath(entry.module).replace(/\.js$/, '.ts'), 'utf8');
      const { scanner } = (await import(entry.module)) as RepositoryScannerModule;
      if (/await import\(/.test(source)) expect(typeof scanner.warm, entry.module).toBe('function');
    }
  });

  it('loads them without error', async () => {
    await expect(warmRepositoryScanners()).resolves.toBeUndefined();
  });
});
