import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that keys the API-key hashes. From VIGIL_KEY_PEPPER when set
 * (required when several processes share a PostgreSQL database), otherwise
 * generated once into `<data dir>/key-pepper` with owner-only permissions.
 */
export function loadPepper(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) return configured;
  const path = join(dataDir, 'key-pepper');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pepper = randomBytes(32).toString('base64url');
  try {
    writeFileSync(path, pepper + '\n', { mode: 0o600, flag: 'wx' });
    return pepper;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
}
