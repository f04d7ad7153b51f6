/**
 * Builds a RiskContext from files given as text (tests, docs examples, callers
 * that already hold the files): each file goes to the first extractor whose
 * `matches` accepts it; package-manager configuration files are kept as text.
 */
import { EXTRACTORS } from '../extractors/index.js';
import { CONFIG_FILE_NAMES } from './registries.js';
import { baseName } from './shared.js';
import type { DependencyFile, RiskContext } from './types.js';

export function buildRiskContext(files: Readonly<Record<string, string>>, extraPaths: Iterable<string> = []): RiskContext {
  const dependencyFiles: DependencyFile[] = [];
  const configFiles = new Map<string, string>();
  const configNames: readonly string[] = CONFIG_FILE_NAMES;
  for (const [path, text] of Object.entries(files)) {
    const extractor = EXTRACTORS.find((e) => e.matches(path));
    if (extractor) {
      let result: DependencyFile['result'];
      try {
        result = extractor.extract(path, text);
      } catch (error) {
        result = { kind: 'manifest', packages: [], warnings: [`${path}: ${error instanceof Error ? error.message : String(error)}`] };
      }
      dependencyFiles.push({ path, text, extractor: extractor.id, result });
    } else if (configNames.includes(baseName(path))) {
      configFiles.set(path, text);
    }
  }
  return { files: dependencyFiles, configFiles, paths: new Set([...Object.keys(files), ...extraPaths]) };
}
