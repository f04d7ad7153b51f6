import type { RawFinding } from '../../core/findings.js';
import { toRawFinding } from '../../core/rules.js';
import type { FileScanner } from '../contract.js';
import { evidenceFor, SecretDetector, type SecretMatch } from './detect.js';
import { isTestPath, TEST_PATH_CONFIDENCE_FACTOR } from './heuristics.js';
import { committedEnvFile } from './hygiene.js';
import type { SecretRule } from './rule.js';
import { SECRET_RULES } from './rules/index.js';

export const SECRETS_SCANNER_VERSION = '1.0.0';

function toFinding(match: SecretMatch, path: string, text: string, all: readonly SecretMatch[]): RawFinding {
  const rule = match.rule;
  const factor = isTestPath(path) ? TEST_PATH_CONFIDENCE_FACTOR : 1;
  return toRawFinding(
    rule,
    {
      category: 'secrets',
      scanner: 'secrets',
      evidence: evidenceFor(match, text, all),
      confidence: Math.round(rule.confidence * factor * 100) / 100,
      path,
      line: match.line,
      column: match.column,
      secret: match.secret,
    },
  );
}

/** Builds the per-file secrets scan over a rule set (all rules by default). */
export function createSecretsScanner(rules: readonly SecretRule[] = SECRET_RULES): FileScanner {
  const detector = new SecretDetector(rules);
  return {
    name: 'secrets',
    version: SECRETS_SCANNER_VERSION,
    scanFile({ path, text }) {
      const matches = detector.scan(path, text);
      const findings = matches.map((m) => toFinding(m, path, text, matches));
      const envFile = committedEnvFile(path, text);
      if (envFile) findings.push(envFile);
      return findings;
    },
  };
}

/** Worker-pool entry: the engine imports this module by URL and uses `scanner`. */
export const scanner: FileScanner = createSecretsScanner();
