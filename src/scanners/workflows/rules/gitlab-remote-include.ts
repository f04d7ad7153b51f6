import type { Severity } from '../../../core/findings.js';
import { FULL_SHA } from '../contexts.js';
import { startOf } from '../parse.js';
import { defineRule, OWASP, type Hit } from '../rule.js';
import type { GitlabModel, ReusableVisit, RuleHooks } from '../visitor.js';

const detect: RuleHooks = { gitlab: { reusable } };

const VERSION_TAG = /^v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$/;

function reusable({ ref: inc }: ReusableVisit<GitlabModel>): Hit | undefined {
  const value = inc.value.value.trim();
  if (inc.kind === 'remote') {
    if (inc.integrity) return undefined;
    const plainHttp = /^http:\/\//i.test(value);
    return {
      severity: 'MEDIUM',
      confidence: 0.85,
      offset: startOf(inc.value.node),
      title: 'Pipeline configuration included from a URL',
      description: `\`include\` fetches \`${value}\` every time a pipeline is created${plainHttp ? ', over plain http, so anyone on the network path can replace it' : ''}. Whoever controls that server (or the domain) can add jobs and scripts that run with this project's CI/CD variables.`,
      remediation: 'Copy the file into this repository and use `include: local:`, or include it from a GitLab project pinned to a commit: `include: - project: group/ci-templates, ref: <40-character commit SHA>, file: /templates/build.yml`.',
      key: `remote|${value}`,
    };
  }
  const ref = inc.ref?.value.trim();
  if (inc.kind !== 'project' || (ref && FULL_SHA.test(ref)) || ref?.includes('$')) return undefined;
  const tag = ref !== undefined && VERSION_TAG.test(ref);
  const severity: Severity = tag ? 'LOW' : 'MEDIUM';
  return {
    severity,
    confidence: tag ? 0.7 : 0.85,
    offset: startOf((inc.ref ?? inc.value).node),
    title: 'Included project configuration not pinned to a commit',
    description: `\`include: project: ${value}\` ${ref ? `uses \`ref: ${ref}\`, ${tag ? 'a tag its maintainers can move' : 'a branch that changes with every push'}` : 'has no `ref`, so it follows that project\'s default branch'}. Anyone who can push there changes the jobs and scripts this pipeline runs, with this project's CI/CD variables.`,
    remediation: `Pin the include to a full commit SHA and keep the version in a comment: \`ref: <40-character commit SHA>  # ${tag ? ref : 'vX.Y.Z'}\`.`,
    key: `project|${value}|${ref ?? ''}`,
  };
}

export const rule = defineRule({
  id: 'gitlab-remote-include',
  title: 'GitLab CI configuration included from a moving source',
  severity: 'MEDIUM',
  severityGuide: 'MEDIUM for `include: remote:` URLs (and bare URL includes) and for `include: project:` without a `ref` or with a branch; LOW for a project pinned to a version tag.',
  confidence: 0.85,
  cwe: 'CWE-829',
  owasp: OWASP.supplyChain,
  description:
    'An `include` pulls pipeline configuration from a URL or from another project\'s branch. That configuration can define jobs and scripts, so whoever can change it runs code in this project\'s pipelines with their CI/CD variables and tokens.',
  remediation: 'Keep included configuration in the repository (`include: local:`), or include it from a project pinned to a full commit SHA with `ref:`.',
  appliesTo: ['gitlab'],
  references: ['https://docs.gitlab.com/ci/yaml/#include'],
  docs: {
    path: '.gitlab-ci.yml',
    summary:
      'Reports `include: remote:` entries and bare `https://` includes, and `include: project:` entries whose `ref` is missing or is not a 40-character commit SHA (a version tag is LOW). `local`, `template` and `component` includes are not reported; a `ref` given through a variable is skipped.',
    bad: [`include:
  - remote: https://ci.example.dev/templates/build.yml
  - project: example-org/ci-templates
    file: /templates/test.yml

test:
  script:
    - make test
`],
    good: [`include:
  - local: /ci/build.gitlab-ci.yml
  - project: example-org/ci-templates
    ref: 3f2a9c41d07be58e6a1c4b9d2e7f80a5c6d1b3e9
    file: /templates/test.yml

test:
  script:
    - make test
`],
  },
  detect,
});
