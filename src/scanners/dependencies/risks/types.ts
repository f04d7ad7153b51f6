/**
 * The contract of one supply-chain risk check. A check is a pure function over
 * every manifest and lockfile of a workspace (already extracted), the package
 * managers' configuration files and the list of paths; it reads no file itself.
 */
import type { RawFinding } from '../../../core/findings.js';
import type { RuleDocs, RuleMetadata } from '../../../core/rules.js';
import type { ExtractResult } from '../types.js';

export interface DependencyFile {
  /** POSIX, relative to the workspace root. */
  readonly path: string;
  readonly text: string;
  /** Id of the extractor that read it (`package-json`, `yarn-lock` …). */
  readonly extractor: string;
  readonly result: ExtractResult;
}

export interface RiskContext {
  /** Every manifest and lockfile found, extracted. */
  readonly files: readonly DependencyFile[];
  /** Path → text of the package-manager configuration files (see CONFIG_FILE_NAMES). */
  readonly configFiles: ReadonlyMap<string, string>;
  /** Every file path in the workspace (POSIX, relative). */
  readonly paths: ReadonlySet<string>;
}

/** A workspace as example files: path → text. The docs show them; the tests run them. */
export type ExampleFiles = Readonly<Record<string, string>>;

/**
 * The shared metadata (severity and confidence: the highest the check reports;
 * examples: workspaces it reports, and the same situations done safely) and the check.
 */
export interface RiskCheck extends RuleMetadata<RuleDocs<ExampleFiles>> {
  /** How the severity varies, for the docs table (`MEDIUM; LOW when a lockfile pins it`). */
  readonly severityNote: string;
  readonly run: (ctx: RiskContext) => RawFinding[];
}
