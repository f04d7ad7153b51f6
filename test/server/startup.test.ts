import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createRuntime } from '../../src/main.js';
import { openConfiguredStorage } from '../../src/startup.js';

// src/server.ts opens the database while the service's modules load and hands the opening to startServer.
describe('a runtime over a database opened early', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-startup-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('uses that database, and closing the runtime closes it', async () => {
    const config = loadConfig({ VIGIL_DATA_DIR: dataDir }, dataDir);
    const opening = openConfiguredStorage(config);
    const runtime = await createRuntime(config, opening);
    expect(runtime.storage).toBe(await opening);
    await runtime.accounts.ensureOwner('owner@example.test');
    await runtime.close();
    // Closed: the embedded database's folder can be opened again, and kept what was written.
    const again = await createRuntime(config);
    try {
      expect(await again.accounts.findByEmail('owner@example.test')).toMatchObject({ email: 'owner@example.test' });
    } finally {
      await again.close();
    }
  }, 60_000);

  it('closes it when the runtime cannot be made, so the next start finds the folder free', async () => {
    // A folder where the key pepper's file should be: the pepper cannot be read.
    await mkdir(join(dataDir, 'key-pepper'), { recursive: true });
    const config = loadConfig({ VIGIL_DATA_DIR: dataDir }, dataDir);
    await expect(createRuntime(config, openConfiguredStorage(config))).rejects.toThrow(/EISDIR|directory/);
    const storage = await openConfiguredStorage(config);
    await storage.close();
  }, 60_000);

  it('reports a database that fails to open as the runtime failing', async () => {
    const config = loadConfig({ VIGIL_DATA_DIR: dataDir }, dataDir);
    const failure = new Error('the database is unreachable');
    await expect(createRuntime(config, Promise.reject(failure))).rejects.toBe(failure);
  });
});
