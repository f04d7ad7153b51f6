/**
 * The contract of one supply-chain risk check. A check is a pure function over
 * every manifest and lockfile of a workspace (already extracted), the package
 * managers' configuration files and the list of paths; it reads no file itself.
 */
import type { RawFinding, Severity } from '../../../core/findings.js';
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

export interface RiskCheckDocs {
  /** What the check looks at and why it matters (Markdown). */
  readonly summary: string;
  /** Files the check reports. */
  readonly vulnerable: ExampleFiles;
  /** The same situation done safely: the check reports nothing. */
  readonly safe: ExampleFiles;
}

export interface RiskCheck {
  /** kebab-case, equal to the file name under checks/ and to the findings' ruleId. */
  readonly id: string;
  readonly title: string;
  /** The highest severity the check reports. */
  readonly severity: Severity;
  /** How the severity varies, for the docs table (`MEDIUM; LOW when a lockfile pins it`). */
  readonly severityNote: string;
  readonly description: string;
  readonly remediation: string;
  readonly cwe: string;
  readonly owasp: readonly string[];
  readonly docs: RiskCheckDocs;
  readonly run: (ctx: RiskContext) => RawFinding[];
}
