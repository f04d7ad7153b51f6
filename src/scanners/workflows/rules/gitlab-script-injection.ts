import type { Severity } from '../../../core/findings.js';
import type { GitlabJob, GitlabPipeline } from '../gitlab.js';
import { offsetInScalar } from '../parse.js';
import { defineRule, OWASP, type Hit } from '../rule.js';
import type { GitlabModel, RuleHooks, StepVisit } from '../visitor.js';

const detect: RuleHooks = { gitlab: { step } };

/**
 * Predefined variables whose text an outsider (or any developer) chooses:
 * commit messages and authors, branch and tag names, merge request titles and
 * descriptions, external (GitHub) pull request branches, and display names.
 */
const TAINTED: ReadonlyMap<string, string> = new Map([
  ['CI_COMMIT_MESSAGE', 'the commit message'],
  ['CI_COMMIT_TITLE', 'the commit title'],
  ['CI_COMMIT_DESCRIPTION', 'the commit description'],
  ['CI_COMMIT_TAG_MESSAGE', 'the tag message'],
  ['CI_COMMIT_AUTHOR', 'the commit author'],
  ['CI_COMMIT_BRANCH', 'the branch name'],
  ['CI_COMMIT_REF_NAME', 'the branch or tag name (the source branch in merge request pipelines)'],
  ['CI_COMMIT_TAG', 'the tag name'],
  ['CI_MERGE_REQUEST_TITLE', 'the merge request title'],
  ['CI_MERGE_REQUEST_DESCRIPTION', 'the merge request description'],
  ['CI_MERGE_REQUEST_SOURCE_BRANCH_NAME', 'the merge request source branch name'],
  ['CI_EXTERNAL_PULL_REQUEST_SOURCE_BRANCH_NAME', 'the external pull request source branch name'],
  ['CI_EXTERNAL_PULL_REQUEST_SOURCE_REPOSITORY', 'the external pull request source repository'],
  ['GITLAB_USER_NAME', 'the display name of the user who started the pipeline'],
]);

/**
 * Git ref names cannot hold spaces, `*`, `?` or `[` (git check-ref-format), so
 * unquoted they neither split nor glob: only re-parsing (`eval`, `sh -c`) turns
 * their `;`, `$(…)` or backticks into commands.
 */
const REF_NAMES: ReadonlySet<string> = new Set([
  'CI_COMMIT_BRANCH',
  'CI_COMMIT_REF_NAME',
  'CI_COMMIT_TAG',
  'CI_MERGE_REQUEST_SOURCE_BRANCH_NAME',
  'CI_EXTERNAL_PULL_REQUEST_SOURCE_BRANCH_NAME',
  'CI_EXTERNAL_PULL_REQUEST_SOURCE_REPOSITORY',
]);

/** Commands that run their argument text as shell code. */
const REPARSE = /(?:^|[\s;&|(`])(?:eval|(?:ba|z|da|k|a)?sh\s+(?:-[a-z]+\s+){0,5}-[a-z]*c|python3?\s+-c)(?=\s|$)/;
const ASSIGNMENT = /(?:^|[\s;&|(])(?:(?:export|local|readonly|declare)\s+(?:-\w+\s+)?)?[A-Za-z_]\w*=$/;
const DOUBLE_BRACKET = /\[\[(?:(?!\]\]).)*$/;
const VARIABLE = /\$(?:\{([A-Za-z_]\w*)[^}\n]{0,200}\}|([A-Za-z_]\w*))/y;
const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_]\w*)\1/y;

type Ctx = 'plain' | 'dq' | 'sq' | 'bt' | 'cmd' | 'paren';

interface Expansion {
  readonly index: number;
  readonly text: string;
  readonly name: string;
  /** Inside double quotes. */
  readonly quoted: boolean;
  /** Inside backticks. */
  readonly backtick: boolean;
}

/** Variable expansions in a shell script with their quoting, skipping single quotes, comments and heredoc bodies. */
export function expansions(script: string): Expansion[] {
  const out: Expansion[] = [];
  const stack: Ctx[] = ['plain'];
  const heredocs: { delimiter: string; strip: boolean }[] = [];
  for (let i = 0; i < script.length; i++) {
    const c = script[i];
    const top = stack[stack.length - 1] ?? 'plain';
    if (top === 'sq') {
      if (c === "'") stack.pop();
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (top === 'dq') {
      if (c === '"') {
        stack.pop();
        continue;
      }
    } else {
      if (c === "'" || c === '"') {
        stack.push(c === "'" ? 'sq' : 'dq');
        continue;
      }
      if (c === '(') {
        stack.push('paren');
        continue;
      }
      if (c === ')' && (top === 'cmd' || top === 'paren')) {
        stack.pop();
        continue;
      }
      if (c === '#' && (i === 0 || /\s/.test(script[i - 1] ?? ''))) {
        const end = script.indexOf('\n', i);
        i = (end === -1 ? script.length : end) - 1;
        continue;
      }
      if (c === '<' && script[i + 1] === '<') {
        HEREDOC.lastIndex = i;
        const m = HEREDOC.exec(script);
        if (m?.[2]) {
          heredocs.push({ delimiter: m[2], strip: m[0].startsWith('<<-') });
          i += m[0].length - 1;
          continue;
        }
      }
      if (c === '\n' && heredocs.length > 0) {
        // Heredoc bodies expand variables like double quotes, without re-parsing: skip them.
        let at = i + 1;
        for (const h of heredocs.splice(0)) {
          while (at < script.length) {
            const end = script.indexOf('\n', at);
            const line = script.slice(at, end === -1 ? undefined : end);
            at = end === -1 ? script.length : end + 1;
            if ((h.strip ? line.replace(/^\t+/, '') : line).trim() === h.delimiter) break;
          }
        }
        i = at - 1;
        continue;
      }
    }
    if (c === '`') {
      if (top === 'bt') stack.pop();
      else stack.push('bt');
      continue;
    }
    if (c === '$') {
      if (script[i + 1] === '(') {
        stack.push('cmd');
        i++;
        continue;
      }
      VARIABLE.lastIndex = i;
      const m = VARIABLE.exec(script);
      const name = m?.[1] ?? m?.[2];
      if (m && name) {
        out.push({ index: i, text: m[0], name, quoted: top === 'dq', backtick: stack.includes('bt') });
        i += m[0].length - 1;
      }
    }
  }
  return out;
}

/** Tainted names for a job: the predefined ones plus `variables:` set from them (global and the job's own). */
interface Taint {
  readonly what: string;
  readonly derived: boolean;
  /** A ref name: dangerous only when re-parsed. */
  readonly refName: boolean;
}

function taintedNames(pipeline: GitlabPipeline, job: GitlabJob | undefined): Map<string, Taint> {
  const out = new Map<string, Taint>();
  for (const [name, what] of TAINTED) out.set(name, { what, derived: false, refName: REF_NAMES.has(name) });
  const vars = [...pipeline.variables, ...(job?.variables ?? [])];
  for (const [name, value] of vars) {
    for (const e of expansions(value.value)) {
      const source = TAINTED.get(e.name);
      if (source) {
        out.set(name, { what: `\`${name}\`, set from ${source}`, derived: true, refName: REF_NAMES.has(e.name) && value.value.trim() === e.text });
        break;
      }
    }
  }
  return out;
}

/** Why an expansion of a tainted variable is dangerous where it stands, or undefined when it is not. */
function danger(e: Expansion, taint: Taint, before: string): { how: string; strong: boolean } | undefined {
  const reparse = REPARSE.test(before);
  if (reparse) return { how: 'is pasted into a command string that `eval` or `sh -c` parses again as shell code, so quotes, `;` and `$(…)` in it run as commands', strong: true };
  if (taint.refName) return undefined;
  if (e.backtick) return { how: 'is expanded inside backticks, where the command text is parsed again', strong: true };
  if (!e.quoted && !ASSIGNMENT.test(before) && !DOUBLE_BRACKET.test(before)) {
    return { how: 'is expanded unquoted, so its words and glob characters become separate arguments (option injection such as `--upload-pack=…`, or a command when it stands first)', strong: false };
  }
  return undefined;
}

function step({ wf, step: { job, line, where, mergeRequest } }: StepVisit<GitlabModel>): Hit[] {
  const script = line.str.value;
  if (!script.includes('$')) return [];
  const hits: Hit[] = [];
  const names = taintedNames(wf.pipeline, job);
  for (const e of expansions(script)) {
    const taint = names.get(e.name);
    if (!taint) continue;
    const lineStart = script.lastIndexOf('\n', e.index - 1) + 1;
    const found = danger(e, taint, script.slice(lineStart, e.index));
    if (!found) continue;
    const severity: Severity = mergeRequest ? 'HIGH' : 'MEDIUM';
    hits.push({
      severity,
      confidence: (found.strong ? 0.9 : 0.75) - (taint.derived ? 0.1 : 0),
      offset: offsetInScalar(wf.file, line.str, e.index, e.text),
      description: `In \`${where}\` (${line.section}), \`${e.text}\` holds ${taint.what} and ${found.how}.${mergeRequest ? ' The job runs in merge request pipelines, where anyone who can open a merge request chooses that text.' : ' Whoever can push a branch, tag or commit chooses that text.'}`,
      key: `${where}|${line.section}|${e.name}|${script.slice(lineStart, script.indexOf('\n', e.index) === -1 ? undefined : script.indexOf('\n', e.index)).trim().slice(0, 120)}`,
    });
  }
  return hits;
}

export const rule = defineRule({
  id: 'gitlab-script-injection',
  title: 'Attacker-controlled GitLab CI variable in a script',
  severity: 'HIGH',
  severityGuide:
    'HIGH when the job runs in merge request pipelines (`rules: - if: $CI_PIPELINE_SOURCE == "merge_request_event"`, `only: merge_requests`, or `workflow:rules` that create them); MEDIUM otherwise.',
  confidence: 0.85,
  cwe: 'CWE-78',
  owasp: OWASP.injection,
  description:
    'Commit messages, branch and tag names, and merge request titles and descriptions are text the author of a commit or merge request chooses. A script that hands such a variable to `eval` or `sh -c`, expands it inside backticks, or expands it unquoted into a command lets that text become shell code or extra arguments, running with the job\'s CI/CD variables and token.',
  remediation:
    'Always expand these variables in double quotes as a single argument (`./check.sh "$CI_MERGE_REQUEST_TITLE"`), never inside `eval`, `sh -c "…"` or backticks; pass them to programs through the environment and have the program read the variable. Validate branch names against an allow-list pattern before use.',
  appliesTo: ['gitlab'],
  references: ['https://docs.gitlab.com/ci/variables/predefined_variables/'],
  docs: {
    path: '.gitlab-ci.yml',
    summary:
      'Reports `script`, `before_script` and `after_script` lines (job and `default:`) that use `CI_COMMIT_MESSAGE`, `CI_COMMIT_TITLE`, `CI_COMMIT_DESCRIPTION`, `CI_COMMIT_TAG_MESSAGE`, `CI_COMMIT_AUTHOR`, `CI_COMMIT_BRANCH`, `CI_COMMIT_REF_NAME`, `CI_COMMIT_TAG`, `CI_MERGE_REQUEST_TITLE`, `CI_MERGE_REQUEST_DESCRIPTION`, `CI_MERGE_REQUEST_SOURCE_BRANCH_NAME`, `CI_EXTERNAL_PULL_REQUEST_SOURCE_BRANCH_NAME`, `CI_EXTERNAL_PULL_REQUEST_SOURCE_REPOSITORY` or `GITLAB_USER_NAME` (or a `variables:` entry set from one) inside `eval`, `sh -c`, backticks, or unquoted. Branch, tag and repository names are reported only inside `eval` and `sh -c`: git ref names cannot contain spaces or glob characters, so elsewhere they expand to one harmless word. Double-quoted use in an ordinary command, assignments, `[[ … ]]` tests, single quotes, comments and heredoc bodies are not reported.',
    bad: [`stages: [test]

check-title:
  stage: test
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - echo "Checking $CI_MERGE_REQUEST_TITLE"
    - eval "./scripts/check-title.sh $CI_MERGE_REQUEST_TITLE"
`],
    good: [`stages: [test]

check-title:
  stage: test
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - echo "Checking $CI_MERGE_REQUEST_TITLE"
    - ./scripts/check-title.sh "$CI_MERGE_REQUEST_TITLE"
`],
  },
  detect,
});
