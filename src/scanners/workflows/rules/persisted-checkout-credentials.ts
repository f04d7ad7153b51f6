import type { Severity } from '../../../core/findings.js';
import type { Step } from '../model.js';
import { startOf } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import { actionVersion, headCheckout, isFalse, isTrue, majorVersion, runsWorkspaceCode, stepsAfter, usesAction } from '../steps.js';
import type { GithubModel, RuleHooks, StepVisit } from '../visitor.js';
import { CHECKOUT_SENSITIVE_EVENTS } from './dangerous-checkout.js';

const detect: RuleHooks = { github: { step } };

/** Upload paths that take the whole workspace, where the checkout left its credentials. */
const WORKSPACE_PATH = /^(?:\.\/?|\*{1,2}|\.\/\*{1,2}|\*\*\/\*|\$\{\{\s*github\.workspace\s*\}\}(?:\/\*{0,2})?|\$\{?GITHUB_WORKSPACE\}?(?:\/\*{0,2})?|(?:\.\/)?\.git(?:\/.*)?)$/;

/** The checkout's `path:` (relative to the workspace), normalized without `./` and trailing `/`. */
function checkoutDir(value: string | undefined): string {
  return (value ?? '').trim().replace(/^\.\//, '').replace(/\/+$/, '');
}

/** Whether an upload path covers the checkout (its `.git` folder included). */
function coversCheckout(path: string, dir: string): boolean {
  if (WORKSPACE_PATH.test(path)) return true;
  if (dir === '') return false;
  const p = path.replace(/^\.\//, '').replace(/\/(?:\*{1,2})?$/, '');
  return p === dir || p === `${dir}/.git` || p.startsWith(`${dir}/.git/`);
}

function hiddenByDefault(v: (number | undefined)[] | undefined): boolean {
  if (v === undefined) return false;
  const [major = 0, minor] = v;
  if (minor === undefined) return false;
  return (major < 3 || (major === 3 && minor < 2)) || (major === 4 && minor < 4);
}

/** A later `actions/upload-artifact` step whose paths cover the checkout folder. */
function uploadOf(after: readonly Step[], dir: string): Step | undefined {
  return after.find((s) => {
    if (!usesAction(s, 'actions/upload-artifact')) return false;
    const paths = (s.with.get('path')?.value ?? '').split('\n').map((p) => p.trim()).filter(Boolean);
    return paths.some((p) => !p.startsWith('!') && coversCheckout(p, dir));
  });
}

function step({ wf, job, step }: StepVisit<GithubModel>): Hit | undefined {
  if (!usesAction(step, 'actions/checkout') || !step.uses || isFalse(step.with.get('persist-credentials'))) return undefined;
  const privileged = CHECKOUT_SENSITIVE_EVENTS.filter((e) => wf.triggers.has(e));
  // checkout v6 keeps the credential under $RUNNER_TEMP, outside the workspace.
  const major = majorVersion(wf, step);
  const outsideWorkspace = major !== undefined && major >= 6;
  const after = stepsAfter(job, step);
  const dir = checkoutDir(step.with.get('path')?.value);
  const untrusted = privileged.length > 0 && (headCheckout(step) !== undefined || after.some((s) => headCheckout(s) !== undefined)) && [step, ...after].some(runsWorkspaceCode);
  const upload = uploadOf(after, dir);
  const explicit = isTrue(step.with.get('persist-credentials'));
  if (!untrusted && !upload && (privileged.length === 0 || explicit)) return undefined;
  const hidden = upload !== undefined && isTrue(upload.with.get('include-hidden-files'));
  // upload-artifact before 3.2, and 4.0 to 4.3, included hidden files (.git) by default; a floating `v3`/`v4` tag is the newest release.
  const oldUpload = upload !== undefined && hiddenByDefault(actionVersion(wf, upload.uses));
  let severity: Severity;
  let why: string;
  if (untrusted) {
    severity = 'HIGH';
    why = 'the job later runs pull request code, which can read the token and push with it';
  } else if (upload) {
    severity = outsideWorkspace ? 'LOW' : hidden || oldUpload ? 'HIGH' : 'MEDIUM';
    why = `step ${upload.index + 1} uploads the ${dir === '' ? 'workspace' : `checkout folder \`${dir}\``} as an artifact${hidden || oldUpload ? ' including hidden files, so .git/config with the token is in it' : ', which includes .git/config with the token unless the upload skips hidden files'}`;
  } else {
    severity = 'LOW';
    why = `the workflow runs on ${privileged.join(', ')}, which outsiders start: every later step, and any tool or dependency it runs, can read the token from disk`;
  }
  return {
    severity,
    confidence: untrusted || hidden ? 0.85 : upload ? 0.6 : 0.5,
    offset: startOf(step.uses.node),
    description: `actions/checkout in job \`${job.id}\` keeps the job's token on disk (${outsideWorkspace ? 'under $RUNNER_TEMP since v6' : 'in the repository\'s .git/config'}; persist-credentials defaults to true), and ${why}.`,
    key: `${job.id}|${step.index}`,
  };
}

/** Selected on by the fix-PR fixer. */
export const CHECKOUT_CREDENTIALS_TITLE = 'Checkout credentials left where untrusted code or artifacts can reach them';

export const rule = defineRule({
  id: 'persisted-checkout-credentials',
  title: CHECKOUT_CREDENTIALS_TITLE,
  severity: 'HIGH',
  severityGuide:
    'HIGH when the job later runs pull request code in a privileged workflow, or uploads the workspace with hidden files (explicitly, or upload-artifact before 3.2 or from 4.0 to 4.3, which included them by default); MEDIUM when it uploads the workspace as an artifact; LOW for checkout v6 and later (the credential is kept under $RUNNER_TEMP) and for other checkouts in pull_request_target, workflow_run and issue_comment workflows that do not opt out.',
  confidence: 0.8,
  cwe: 'CWE-522',
  owasp: OWASP.misconfiguration,
  description:
    'By default actions/checkout writes the job\'s GITHUB_TOKEN into the checked-out repository\'s git configuration so later git commands can push. Any code the job runs afterwards, and any artifact made from the workspace, can then read the token.',
  remediation:
    'Add `persist-credentials: false` to the checkout step; pass a token explicitly only to the one step that pushes. Upload only the build output directory, not the workspace.',
  appliesTo: WORKFLOW_ONLY,
  references: ['https://github.com/actions/checkout#usage'],
  docs: {
    summary:
      'Reports `actions/checkout` steps without `persist-credentials: false` in jobs that run pull request code in a pull_request_target, workflow_run or issue_comment workflow, that upload the whole workspace (`.`, `*`, `**`, `${{ github.workspace }}`, `.git`) or the checkout\'s own `path:` folder with actions/upload-artifact, and (at LOW) any such checkout in those privileged workflows unless it says `persist-credentials: true` on purpose.',
    bad: [`name: bundle
on: push
permissions:
  contents: read
jobs:
  bundle:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
      - run: make bundle
      - uses: actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2
        with:
          name: bundle
          path: .
          include-hidden-files: true
`],
    good: [`name: bundle
on: push
permissions:
  contents: read
jobs:
  bundle:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
        with:
          persist-credentials: false
      - run: make bundle
      - uses: actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2
        with:
          name: bundle
          path: dist/
`],
  },
  detect,
});
