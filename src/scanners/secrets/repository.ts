/**
 * The secrets scanner's repository check: key stores committed as binary files, and a
 * repository that uses dotenv files without ignoring `.env` (hygiene.ts).
 */
import type { RepositoryScanner } from '../contract.js';
import { scanRepositoryHygiene } from './hygiene.js';

export const scanner: RepositoryScanner = {
  name: 'secrets',
  async scanRepository(repo) {
    const raw = await scanRepositoryHygiene({ paths: repo.paths, binaryPaths: repo.binaryPaths, read: (path) => repo.read(path) });
    return { raw, warnings: [] };
  },
};
