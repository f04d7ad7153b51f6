/**
 * The code scanner's repository pass: the findings that depend on functions defined in another
 * file (cross-file/resolve.ts), from the facts the file scanner reported about each file
 * (RepositoryView.facts). Runs on the main thread after every file is scanned; it reads only the
 * files it reports in, for their inline `vigil-ignore` comments.
 */
import { MAX_SCAN_FACTS, type RepositoryScanner } from '../contract.js';
import { crossFileFindings } from './cross-file/resolve.js';

export const scanner: RepositoryScanner = {
  name: 'code',
  async scanRepository(repo) {
    const { findings } = crossFileFindings(repo.facts);
    const warnings = repo.factsTruncated
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
