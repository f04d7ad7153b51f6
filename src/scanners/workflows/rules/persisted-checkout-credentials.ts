import type { WorkflowFile } from '../model.js';
import { startOf } from '../parse.js';
import { defineRule, OWASP, WORKFLOW_ONLY, type Hit } from '../rule.js';
import { headCheckout, isFalse, isTrue, runsWorkspaceCode, usesAction } from '../steps.js';
import { CHECKOUT_SENSITIVE_EVENTS } from './dangerous-checkout.js';

/** Upload paths that take the whole workspace, where the checkout left its credentials. */
const WORKSPACE_PATH = /^(?:\.\/?|\*{1,2}|\.\/\*{1,2}|\$\{\{\s*github\.workspace\s*\}\}\/?|\$GITHUB_WORKSPACE\/?|\.git(?:\/.*)?)$/;

function detect(wf: WorkflowFile): Hit[] {
  const privileged = CHECKOUT_SENSITIVE_EVENTS.some((e) => wf.triggers.has(e));
  const hits: Hit[] = [];
  for (const job of wf.jobs) {
    job.steps.forEach((step, i) => {
      if (!usesAction(step, 'actions/checkout') || !step.uses || isFalse(step.with.get('persist-credentials'))) return;
      const after = job.steps.slice(i + 1);
      const untrusted = privileged && (headCheckout(step) !== undefined || after.some((s) => headCheckout(s) !== undefined)) && [step, ...after].some(runsWorkspaceCode);
      const upload = after.find((s) => {
        if (!usesAction(s, 'actions/upload-artifact')) return false;
        const paths = (s.with.get('path')?.value ?? '').split('\n').map((p) => p.trim()).filter(Boolean);
        return paths.some((p) => WORKSPACE_PATH.test(p));
      });
      if (!untrusted && !upload) return;
      const hidden = upload !== undefined && isTrue(upload.with.get('include-hidden-files'));
      const why = untrusted
        ? 'the job later runs pull request code, which can read the token from .git/config and push with it'
        : `step ${(upload?.index ?? 0) + 1} uploads the workspace as an artifact${hidden ? ' including hidden files, so .git/config with the token is in it' : ', which includes .git/config with the token unless the upload skips hidden files'}`;
      hits.push({
        severity: untrusted || hidden ? 'HIGH' : 'MEDIUM',
        confidence: untrusted || hidden ? 0.85 : 0.6,
        offset: startOf(step.uses.node),
        description: `actions/checkout in job \`${job.id}\` keeps the job's token in the repository's git config (persist-credentials defaults to true), and ${why}.`,
        key: `${job.id}|${step.index}`,
      });
    });
  }
  return hits;
}

export const rule = defineRule({
  id: 'persisted-checkout-credentials',
  title: 'Checkout credentials left where untrusted code or artifacts can reach them',
  severity: 'HIGH',
  severityGuide:
    'HIGH when the job later runs pull request code in a privileged workflow, or uploads the workspace with hidden files; MEDIUM when it uploads the workspace as an artifact (older upload-artifact versions include hidden files by default).',
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
      'Reports `actions/checkout` steps without `persist-credentials: false` in jobs that either run pull request code in a pull_request_target, workflow_run or issue_comment workflow, or upload the whole workspace (`.`, `*`, `${{ github.workspace }}`, `.git`) with actions/upload-artifact.',
    vulnerable: `name: bundle
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
`,
    safe: `name: bundle
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
`,
  },
  detect,
});
