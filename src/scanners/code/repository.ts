/**
 * The code scanner's repository pass: the findings that depend on functions defined in another
 * file (cross-file/resolve.ts), from the facts the file scanner reported about each file
 * (RepositoryView.facts). Runs on the main thread once every file is scanned (it is last in the
 * registry, so the other repository scanners do not wait for it); it reads only the files it
 * reports in, for their inline `vigil-ignore` comments.
 */
import { MAX_SCAN_FACTS, type RepositoryScanner } from '../contract.js';
import { crossFileFindings } from './cross-file/resolve.js';

export const scanner: RepositoryScanner = {
  name: 'code',
  async scanRepository(repo) {
    const gathered = await repo.facts();
    const { findings } = crossFileFindings(gathered.facts);
    const warnings = gathered.truncated
      ? [`Cross-file analysis of code used the summaries of the first ${MAX_SCAN_FACTS} files (by path) that had any; flows through the others were not followed`]
      : [];
    if (findings.length === 0) return { raw: [], warnings };
    const files: { path: string; text: string }[] = [];
    for (const path of new Set(findings.map((f) => f.path))) {
      const text = await repo.read(path);
      if (text !== undefined) files.push({ path, text });
    }
    return { raw: repo.unsuppressed(findings, files), warnings };
  },
};
