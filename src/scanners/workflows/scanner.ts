/**
 * The CI/CD file scanner: GitHub Actions workflows (`.github/workflows/*.yml`),
 * action metadata (`action.yml`) and GitLab CI files (`.gitlab-ci.yml` and the
 * `*.gitlab-ci.yml` files under `.gitlab/` or `ci/`), checked by the rules in rules/.
 */
import type { RawFinding } from '../../core/findings.js';
import { compareText } from '../../core/order.js';
import { toRawFinding } from '../../core/rules.js';
import type { FileScanner } from '../contract.js';
import { buildModel, type WorkflowFile } from './model.js';
import { lineAt, parseGitlabYaml, parseYaml, positionAt } from './parse.js';
import type { Hit, WorkflowRule } from './rule.js';
import { walk } from './visitor.js';
import { WORKFLOW_RULES } from './rules/index.js';

export const WORKFLOWS_SCANNER_VERSION = '1.0.0';

/** Files larger than this are skipped: real workflows are a few KB. */
export const MAX_WORKFLOW_BYTES = 1_000_000;

const WORKFLOW_PATH = /^\.github\/workflows\/(?:[^/]+\/)*[^/]+\.ya?ml$/;
const ACTION_PATH = /(?:^|\/)action\.ya?ml$/;
/** The root `.gitlab-ci.yml`, and included `*.gitlab-ci.yml` files under the root `.gitlab/` or `ci/` folders. */
const GITLAB_PATH = /^(?:\.gitlab-ci\.yml|(?:\.gitlab|ci)\/(?:[^/]+\/)*[^/]+\.gitlab-ci\.ya?ml)$/;

/** What the scanner does with a path: 'workflow', 'action', 'gitlab' or nothing. */
export function classifyPath(path: string): 'workflow' | 'action' | 'gitlab' | undefined {
  const p = path.replace(/\\/g, '/').replace(/^\.\//, '');
  if (WORKFLOW_PATH.test(p)) return 'workflow';
  if (GITLAB_PATH.test(p)) return 'gitlab';
  if (ACTION_PATH.test(p)) return 'action';
  return undefined;
}

/** A rule's hit as a finding of this scanner (also used by advisory-check.ts). */
export function toFinding(rule: WorkflowRule, hit: Hit, wf: WorkflowFile): RawFinding {
  const { line, column } = positionAt(wf.file, hit.offset);
  return toRawFinding(rule, {
    category: 'cicd',
    scanner: 'cicd',
    severity: hit.severity,
    title: hit.title,
    description: hit.description,
    evidence: hit.evidence ?? lineAt(wf.file, hit.offset),
    remediation: hit.remediation,
    confidence: hit.confidence,
    path: wf.path,
    line,
    column,
    fingerprintMaterial: `${rule.id}|${hit.key}`,
    secret: hit.secret,
  });
}

/** The model of one file's text; undefined for paths the scanner does not handle, oversized files and YAML that does not parse. */
export function readWorkflowFile(path: string, text: string): WorkflowFile | undefined {
  const kind = classifyPath(path);
  if (!kind || text.length > MAX_WORKFLOW_BYTES) return undefined;
  const file = kind === 'gitlab' ? parseGitlabYaml(text) : parseYaml(text);
  return file ? buildModel(file, path, kind) : undefined;
}

/** Runs rules over one file's text; [] for paths it does not handle, oversized files and YAML that does not parse. */
export function scanWorkflowFile(path: string, text: string, rules: readonly WorkflowRule[] = WORKFLOW_RULES): RawFinding[] {
  const wf = readWorkflowFile(path, text);
  if (!wf) return [];
  const active = rules.filter((rule) => rule.appliesTo.includes(wf.kind));
  // One walk for all rules; a rule whose hook throws reports nothing on this file, the others still do.
  const results = walk(wf, active.map((rule) => rule.detect));
  const findings: RawFinding[] = [];
  const seen = new Set<string>();
  for (const [i, rule] of active.entries()) {
    for (const hit of results[i] ?? []) {
      const id = `${rule.id}|${hit.key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      findings.push(toFinding(rule, hit, wf));
    }
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column || compareText(a.ruleId, b.ruleId));
}

/** Worker-pool entry: the engine imports this module by URL and uses `scanner`. */
export const scanner: FileScanner = {
  name: 'cicd',
  version: WORKFLOWS_SCANNER_VERSION,
  wants: (path) => classifyPath(path) !== undefined,
  scanFile({ path, text }) {
    try {
      return scanWorkflowFile(path, text);
    } catch {
      return [];
    }
  },
};
