/**
 * The walk behind the CI/CD rules: one pass per file, hooks called in source order for either
 * model (GitHub Actions, GitLab CI), a throwing rule isolated from the others, and every rule
 * offering hooks for exactly the models its `appliesTo` names.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { buildModel, type GithubFile, type WorkflowFile } from '../../../src/scanners/workflows/model.js';
import { parseGitlabYaml, parseYaml } from '../../../src/scanners/workflows/parse.js';
import type { Hit } from '../../../src/scanners/workflows/rule.js';
import { WORKFLOW_RULES } from '../../../src/scanners/workflows/rules/index.js';
import { scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';
import { allUses, walk, walkOne, type RuleHooks } from '../../../src/scanners/workflows/visitor.js';

function github(text: string, kind: 'workflow' | 'action' = 'workflow'): GithubFile {
  const file = parseYaml(text);
  const wf = file && buildModel(file, kind === 'workflow' ? '.github/workflows/ci.yml' : 'action.yml', kind);
  if (!wf) throw new Error('not a workflow');
  return wf;
}

function gitlab(text: string): WorkflowFile {
  const file = parseGitlabYaml(text);
  const wf = file && buildModel(file, '.gitlab-ci.yml', 'gitlab');
  if (!wf) throw new Error('not a pipeline');
  return wf;
}

const hit = (key: string): Hit => ({ severity: 'LOW', offset: 0, key });

const WORKFLOW = [
  'on: push',
  'jobs:',
  '  build:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '      - run: make',
  '  call:',
  '    uses: org/repo/.github/workflows/w.yml@v1',
  '',
].join('\n');

const PIPELINE = [
  'include:',
  '  - remote: https://example.com/ci.yml',
  'default:',
  '  before_script: [echo default]',
  'build:',
  '  script: [make]',
  'test:',
  '  script: [make test]',
  '',
].join('\n');

/** Hooks that record every visit as a key. */
const recorder: RuleHooks = {
  github: {
    file: () => hit('file'),
    job: ({ job }) => hit(`job ${job.id}`),
    reusable: ({ ref }) => hit(`reusable ${ref.id} ${ref.uses.value}`),
    step: ({ job, step }) => hit(`step ${job.id} ${step.index}`),
    uses: ({ job, step, uses }) => hit(`uses ${job.id} ${step?.index ?? 'job'} ${uses.value}`),
  },
  gitlab: {
    file: () => hit('file'),
    reusable: ({ ref }) => hit(`include ${ref.kind} ${ref.value.value}`),
    job: ({ job }) => hit(`job ${job.id}`),
    step: ({ step }) => hit(`script ${step.where} ${step.line.str.value}`),
  },
};

describe('walk', () => {
  it('visits a GitHub workflow once, file first, then each job, its reusable call and its steps in order', () => {
    expect(walkOne(github(WORKFLOW), recorder).map((h) => h.key)).toEqual([
      'file',
      'job build',
      'step build 0',
      'uses build 0 actions/checkout@v4',
      'step build 1',
      'job call',
      'reusable call org/repo/.github/workflows/w.yml@v1',
      'uses call job org/repo/.github/workflows/w.yml@v1',
    ]);
  });

  it('walks a composite action as one pseudo-job of its steps', () => {
    const action = 'name: a\nruns:\n  using: composite\n  steps:\n    - run: echo hi\n      shell: bash\n';
    expect(walkOne(github(action, 'action'), recorder).map((h) => h.key)).toEqual(['file', 'job (composite)', 'step (composite) 0']);
  });

  it('visits a GitLab pipeline with the same hooks: includes as reusable references, script entries as steps', () => {
    expect(walkOne(gitlab(PIPELINE), recorder).map((h) => h.key)).toEqual([
      'file',
      'include remote https://example.com/ci.yml',
      'job build',
      'job test',
      'script default echo default',
      'script build make',
      'script test make test',
    ]);
  });

  it('calls only the model a rule has hooks for', () => {
    const githubOnly: RuleHooks = { github: recorder.github };
    expect(walkOne(gitlab(PIPELINE), githubOnly)).toEqual([]);
    expect(walkOne(github(WORKFLOW), { gitlab: recorder.gitlab })).toEqual([]);
  });

  it('drops the hits of a rule whose hook throws, and only that rule', () => {
    const broken: RuleHooks = {
      github: {
        file: () => hit('before the throw'),
        step: () => {
          throw new Error('detector bug');
        },
      },
    };
    const [bad, good] = walk(github(WORKFLOW), [broken, recorder]);
    expect(bad).toBeUndefined();
    expect(good?.length).toBe(8);
  });

  it('lists every uses: reference with its job and step', () => {
    expect(allUses(github(WORKFLOW)).map((u) => `${u.job.id}:${u.step?.index ?? 'job'}:${u.uses.value}`)).toEqual([
      'build:0:actions/checkout@v4',
      'call:job:org/repo/.github/workflows/w.yml@v1',
    ]);
  });
});

describe('rules and models', () => {
  it.each(WORKFLOW_RULES.map((r) => [r.id, r] as const))('%s has hooks for exactly the models it applies to', (_id, rule) => {
    const onGitlab = rule.appliesTo.includes('gitlab');
    const onGithub = rule.appliesTo.some((k) => k !== 'gitlab');
    expect(rule.detect.gitlab !== undefined).toBe(onGitlab);
    expect(rule.detect.github !== undefined).toBe(onGithub);
  });

  it('leave the walking to the visitor: no rule loops over jobs, steps or scripts itself', () => {
    const dir = new URL('../../../src/scanners/workflows/rules/', import.meta.url);
    const loop = /for \(const [^)]{1,80} of [\w.]*(?:jobs|steps|includes|scripts)\b|\.(?:jobs|steps)\.forEach\(|allScripts\(|allUses\(/;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      expect({ file, loops: loop.test(readFileSync(new URL(file, dir), 'utf8')) }).toEqual({ file, loops: false });
    }
  });

  it('one scan still isolates a broken rule from the registry', () => {
    const broken = { ...WORKFLOW_RULES[0]!, id: 'broken', detect: { github: { job: () => { throw new Error('bug'); } } } };
    const text = 'on: issues\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.issue.title }}"\n';
    const findings = scanWorkflowFile('.github/workflows/ci.yml', text, [broken, ...WORKFLOW_RULES]);
    expect(findings.map((f) => f.ruleId)).not.toContain('broken');
    expect(findings.map((f) => f.ruleId)).toContain('template-injection');
  });
});
