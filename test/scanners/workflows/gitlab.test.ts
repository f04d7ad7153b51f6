import { describe, expect, it } from 'vitest';
import { expansions } from '../../../src/scanners/workflows/rules/gitlab-script-injection.js';
import { parseImage } from '../../../src/scanners/workflows/rules/gitlab-unpinned-image.js';
import { classifyPath, scanner, scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';

const GL = '.gitlab-ci.yml';
const of = (text: string, rule: string, path = GL) => scanWorkflowFile(path, text).filter((f) => f.ruleId === rule);
const injection = (text: string) => of(text, 'gitlab-script-injection');

/** 1-based line and column of the n-th occurrence of needle in text. */
function where(text: string, needle: string, nth = 0): { line: number; column: number } {
  let at = text.indexOf(needle);
  for (let i = 0; i < nth; i++) at = text.indexOf(needle, at + 1);
  if (at === -1) throw new Error(`not found: ${needle}`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

const pos = (f: { line: number; column: number }) => ({ line: f.line, column: f.column });

/** A one-job pipeline with the given script lines and optional trigger lines. */
function job(script: string[], trigger: string[] = []): string {
  return ['test:', ...trigger.map((t) => `  ${t}`), '  script:', ...script.map((s) => `    - ${s}`), ''].join('\n');
}

const MR_RULES = ['rules:', '  - if: $CI_PIPELINE_SOURCE == "merge_request_event"'];

describe('GitLab paths', () => {
  it('handles the root .gitlab-ci.yml and *.gitlab-ci.yml under .gitlab/ and ci/', () => {
    expect(classifyPath('.gitlab-ci.yml')).toBe('gitlab');
    expect(classifyPath('./.gitlab-ci.yml')).toBe('gitlab');
    expect(classifyPath('.gitlab/ci/build.gitlab-ci.yml')).toBe('gitlab');
    expect(classifyPath('.gitlab/test.gitlab-ci.yaml')).toBe('gitlab');
    expect(classifyPath('ci/deploy.gitlab-ci.yml')).toBe('gitlab');
    expect(classifyPath('ci/nested/lint.gitlab-ci.yml')).toBe('gitlab');
    expect(classifyPath('sub/.gitlab-ci.yml')).toBeUndefined();
    expect(classifyPath('.gitlab/ci/build.yml')).toBeUndefined();
    expect(classifyPath('.gitlab/issue_templates/bug.md')).toBeUndefined();
    expect(classifyPath('src/ci/x.gitlab-ci.yml')).toBeUndefined();
    expect(classifyPath('gitlab-ci.yml')).toBeUndefined();
  });

  it('does not run GitHub rules on GitLab files, nor GitLab rules on workflows', () => {
    const text = job(['echo ${{ github.event.issue.title }}', 'eval "$CI_COMMIT_MESSAGE"']);
    expect(scanWorkflowFile(GL, text).map((f) => f.ruleId)).toEqual(['gitlab-script-injection']);
    const wf = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: eval "$CI_COMMIT_MESSAGE"\n';
    expect(scanWorkflowFile('.github/workflows/ci.yml', wf).filter((f) => f.ruleId.startsWith('gitlab-'))).toEqual([]);
  });
});

describe('GitLab broken and odd input', () => {
  it.each([
    ['unterminated flow sequence', 'test:\n  script: [echo\n'],
    ['an unterminated quoted script', 'test:\n  script:\n    - "eval $CI_COMMIT_MESSAGE\n'],
    ['a key after a list item at the wrong indent', 'test:\n  script:\n    - eval $CI_COMMIT_MESSAGE\n   rules: x\n'],
    ['two documents', 'test:\n  script: echo\n---\nother: {}\n'],
  ])('returns [] for YAML that does not parse: %s', (_name, text) => {
    expect(scanner.scanFile({ path: GL, text })).toEqual([]);
  });

  it.each([
    ['a scalar document', 'just text'],
    ['an empty file', ''],
    ['a list', '- a\n- b\n'],
    ['jobs that are not maps', 'stages: [a]\ntest: 3\nother: [1, 2]\n'],
    ['scripts of odd types', 'test:\n  script: { a: 1 }\n  before_script: 42\n  after_script: [[eval $CI_COMMIT_TITLE], null, {x: 1}]\n'],
    ['extends loops', 'a:\n  extends: b\n  script: [eval $CI_COMMIT_TITLE]\nb:\n  extends: [a, missing]\n'],
    ['merge key loops and unknown references', '.a: &a\n  script:\n    - !reference [.nope, script]\n    - !reference [.a, script]\nb:\n  <<: *a\n'],
    ['images and includes of odd types', 'image: [x]\nservices: nope\ninclude: 3\ntest:\n  image: { entrypoint: [""] }\n  services: [{ alias: db }, 5]\n'],
  ])('does not throw for %s', (_name, text) => {
    expect(() => scanner.scanFile({ path: GL, text })).not.toThrow();
    expect(Array.isArray(scanner.scanFile({ path: GL, text }))).toBe(true);
  });
});

describe('GitLab spec headers', () => {
  it('reads the pipeline after a `spec:` inputs header, with positions in the whole file', () => {
    const text = ['spec:', '  inputs:', '    stage:', '      default: test', '---', 'lint:', '  stage: $[[ inputs.stage ]]', '  script:', '    - eval "$CI_COMMIT_TITLE"', ''].join('\n');
    const found = injection(text);
    expect(scanWorkflowFile('ci/lint.gitlab-ci.yml', text).map(pos)).toEqual([where(text, '$CI_COMMIT_TITLE')]);
    expect(found).toHaveLength(1);
  });

  it('still refuses other multi-document files', () => {
    const text = 'lint:\n  script: [eval $CI_COMMIT_TITLE]\n---\nother:\n  script: [eval $CI_COMMIT_TITLE]\n';
    expect(scanWorkflowFile(GL, text)).toEqual([]);
  });
});

describe('gitlab-script-injection', () => {
  it('points at the variable in list scripts, string scripts and block scalars', () => {
    const list = job(['echo start', 'eval "deploy $CI_COMMIT_MESSAGE"']);
    expect(injection(list).map(pos)).toEqual([where(list, '$CI_COMMIT_MESSAGE')]);

    const str = 'build:\n  script: sh -c "git log ${CI_COMMIT_BRANCH}"\n';
    const [f] = injection(str);
    expect(pos(f ?? { line: 0, column: 0 })).toEqual(where(str, '${CI_COMMIT_BRANCH}'));
    expect(f?.evidence).toBe('script: sh -c "git log ${CI_COMMIT_BRANCH}"');

    const block = ['build:', '  script:', '    - |', '      echo "one"', '      ./notify.sh $CI_MERGE_REQUEST_TITLE', ''].join('\n');
    expect(injection(block).map(pos)).toEqual([where(block, '$CI_MERGE_REQUEST_TITLE')]);

    const quoted = 'build:\n  after_script:\n    - "echo `echo $CI_COMMIT_TITLE`"\n';
    expect(injection(quoted).map(pos)).toEqual([where(quoted, '$CI_COMMIT_TITLE')]);
  });

  it('does not report a double-quoted variable in an ordinary command', () => {
    const text = job(['echo "$CI_COMMIT_MESSAGE"', 'printf \'%s\\n\' "${CI_MERGE_REQUEST_DESCRIPTION}"', './check.sh "$CI_MERGE_REQUEST_TITLE"'], MR_RULES);
    expect(injection(text)).toEqual([]);
  });

  it('does not report single quotes, comments, assignments, [[ tests ]] or heredoc bodies', () => {
    const text = [
      'test:',
      '  script:',
      '    - |',
      "      echo 'literal $CI_COMMIT_TITLE'",
      '      # eval $CI_COMMIT_MESSAGE',
      '      export MSG=$CI_COMMIT_MESSAGE',
      '      BRANCH=${CI_COMMIT_BRANCH} ./build.sh',
      '      [[ $CI_COMMIT_TAG == v* ]] && echo tagged',
      '      cat > notes.txt <<EOF',
      '      $CI_COMMIT_DESCRIPTION',
      '      EOF',
      '      echo "$MSG"',
      '',
    ].join('\n');
    expect(injection(text)).toEqual([]);
  });

  it('reports eval and sh -c even when the variable is double-quoted, and unquoted use in commands', () => {
    const text = job(['eval "$CI_COMMIT_TITLE"', 'bash -c "echo $CI_COMMIT_REF_NAME"', './notify.sh $CI_COMMIT_DESCRIPTION', 'R=$(echo $GITLAB_USER_NAME)']);
    const found = injection(text);
    expect(found.map(pos)).toEqual([
      where(text, '$CI_COMMIT_TITLE'),
      where(text, '$CI_COMMIT_REF_NAME'),
      where(text, '$CI_COMMIT_DESCRIPTION'),
      where(text, '$GITLAB_USER_NAME'),
    ]);
    expect(found[0]?.description).toContain('eval');
    expect(found[2]?.description).toContain('unquoted');
    expect(found[0]?.confidence).toBeGreaterThan(found[2]?.confidence ?? 1);
  });

  it('reports branch and tag names only where the shell parses them again', () => {
    const text = job(['docker build -t app:$CI_COMMIT_REF_NAME .', 'git push origin $CI_MERGE_REQUEST_SOURCE_BRANCH_NAME', 'sh -c "deploy $CI_COMMIT_TAG"'], MR_RULES);
    const found = injection(text);
    expect(found.map(pos)).toEqual([where(text, '$CI_COMMIT_TAG')]);
    expect(found[0]?.severity).toBe('HIGH');
  });

  it('grades by merge request pipelines: HIGH for rules and only, MEDIUM otherwise', () => {
    const script = ['eval "$CI_MERGE_REQUEST_TITLE"'];
    expect(injection(job(script, MR_RULES))[0]?.severity).toBe('HIGH');
    expect(injection(job(script, ['only: merge_requests']))[0]?.severity).toBe('HIGH');
    expect(injection(job(script, ['only: [merge_requests, main]']))[0]?.severity).toBe('HIGH');
    expect(injection(job(script, ['only:', '  refs: [merge_requests]']))[0]?.severity).toBe('HIGH');
    expect(injection(job(script, ['rules:', '  - if: $CI_MERGE_REQUEST_IID']))[0]?.severity).toBe('HIGH');
    expect(injection(job(script))[0]?.severity).toBe('MEDIUM');
    expect(injection(job(script, ['only: [main]']))[0]?.severity).toBe('MEDIUM');
    expect(injection(job(script, ['rules:', '  - if: $CI_PIPELINE_SOURCE == "merge_request_event"', '    when: never', '  - when: always']))[0]?.severity).toBe('MEDIUM');
    const workflow = ['workflow:', '  rules:', '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"', '    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH', job(script)].join('\n');
    expect(injection(workflow)[0]?.severity).toBe('HIGH');
  });

  it('follows extends, anchors, merge keys and !reference without double reporting', () => {
    const text = [
      '.checks: &checks',
      '  rules:',
      '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
      '.template:',
      '  script:',
      '    - eval "lint $CI_MERGE_REQUEST_DESCRIPTION"',
      'lint:',
      '  extends: .template',
      '  <<: *checks',
      'again:',
      '  extends: [.template]',
      '  script:',
      '    - !reference [.template, script]',
      '    - echo "$CI_MERGE_REQUEST_DESCRIPTION"',
      '',
    ].join('\n');
    const found = injection(text);
    expect(found).toHaveLength(1);
    expect(pos(found[0] ?? { line: 0, column: 0 })).toEqual(where(text, '$CI_MERGE_REQUEST_DESCRIPTION'));
    expect(found[0]?.severity).toBe('HIGH');
  });

  it('checks default and top-level scripts, and variables set from tainted ones', () => {
    const text = [
      'variables:',
      '  TITLE: $CI_MERGE_REQUEST_TITLE',
      'default:',
      '  before_script:',
      '    - eval "$TITLE"',
      'after_script:',
      '  - echo $CI_COMMIT_AUTHOR',
      job(['echo ok'], MR_RULES),
    ].join('\n');
    const found = injection(text);
    expect(found.map(pos)).toEqual([where(text, '$TITLE"'), where(text, '$CI_COMMIT_AUTHOR')]);
    expect(found.map((f) => f.severity)).toEqual(['HIGH', 'HIGH']);
    expect(found[0]?.description).toContain('`TITLE`, set from the merge request title');
  });

  it('lexes quoting, substitutions and heredocs', () => {
    const refs = expansions('a "$X $(b $Y "$Z")" \'$W\' `c $V` ${U:-d}');
    expect(refs.map((r) => [r.name, r.quoted, r.backtick])).toEqual([
      ['X', true, false],
      ['Y', false, false],
      ['Z', true, false],
      ['V', false, true],
      ['U', false, false],
    ]);
    expect(expansions('cat <<-"END"\n\t$A\n\tEND\necho $B').map((r) => r.name)).toEqual(['B']);
  });
});

describe('gitlab-unpinned-image', () => {
  it('parses image references', () => {
    expect(parseImage('node')).toEqual({ repository: 'node', tag: undefined, official: true });
    expect(parseImage('docker.io/library/node:20')).toEqual({ repository: 'library/node', tag: '20', official: true });
    expect(parseImage('example/tool:1.2@sha256:abc')).toEqual({ repository: 'example/tool', tag: '1.2', official: false });
    expect(parseImage('registry.example.com:5000/team/app')).toEqual({ repository: 'registry.example.com:5000/team/app', tag: undefined, official: false });
  });

  it('grades images and services and points at the name', () => {
    const text = [
      'image: ruby',
      'default:',
      '  services:',
      '    - name: example/cache:latest',
      '      alias: cache',
      'test:',
      '  image:',
      '    name: registry.example.com/team/builder:1.4',
      '    entrypoint: [""]',
      '  services:',
      '    - postgres:16.4',
      '    - $CI_REGISTRY_IMAGE/helper:latest',
      '    - example/db@sha256:' + 'a'.repeat(64),
      '  script: [make test]',
      '',
    ].join('\n');
    const found = of(text, 'gitlab-unpinned-image');
    expect(found.map((f) => [f.severity, f.line, f.column])).toEqual([
      ['LOW', where(text, 'ruby').line, where(text, 'ruby').column],
      ['MEDIUM', where(text, 'example/cache').line, where(text, 'example/cache').column],
      ['LOW', where(text, 'registry.example.com').line, where(text, 'registry.example.com').column],
    ]);
    expect(found[1]?.remediation).toContain('example/cache:<version>@sha256:<digest>');
    expect(found[2]?.remediation).toContain('registry.example.com/team/builder:1.4@sha256:<digest>');
  });
});

describe('gitlab-remote-include', () => {
  it('reports URLs and unpinned projects at the offending value', () => {
    const text = [
      'include:',
      '  - https://ci.example.dev/a.yml',
      '  - remote: http://ci.example.dev/b.yml',
      '  - project: group/templates',
      '    file: /x.yml',
      '  - project: group/templates',
      '    ref: main',
      '    file: /y.yml',
      '  - project: group/templates',
      '    ref: v1.2.0',
      '    file: /z.yml',
      '  - project: group/templates',
      '    ref: 3f2a9c41d07be58e6a1c4b9d2e7f80a5c6d1b3e9',
      '    file: /w.yml',
      '  - local: /ci/build.gitlab-ci.yml',
      '  - template: Security/SAST.gitlab-ci.yml',
      'test:',
      '  script: [make]',
      '',
    ].join('\n');
    const found = of(text, 'gitlab-remote-include');
    expect(found.map((f) => [f.severity, f.line, f.column])).toEqual([
      ['MEDIUM', 2, 5],
      ['MEDIUM', 3, 13],
      ['MEDIUM', 4, 14],
      ['MEDIUM', 7, 10],
      ['LOW', 10, 10],
    ]);
    expect(found[1]?.description).toContain('plain http');
  });

  it('accepts a single include string or map', () => {
    expect(of('include: https://ci.example.dev/a.yml\ntest:\n  script: [make]\n', 'gitlab-remote-include')).toHaveLength(1);
    expect(of('include:\n  project: g/t\n  file: /a.yml\ntest:\n  script: [make]\n', 'gitlab-remote-include')).toHaveLength(1);
    expect(of('include: /ci/local.yml\ntest:\n  script: [make]\n', 'gitlab-remote-include')).toEqual([]);
  });
});

describe('curl-pipe-shell on GitLab', () => {
  it('reports download-and-run in GitLab scripts with its position', () => {
    const text = ['default:', '  before_script:', '    - curl -fsSL http://get.example.dev/i.sh | sh', job(['bash <(wget -qO- https://x.example/i.sh)'])].join('\n');
    const found = of(text, 'curl-pipe-shell');
    expect(found.map((f) => [f.severity, f.line, f.column])).toEqual([
      ['HIGH', where(text, 'curl').line, where(text, 'curl').column],
      ['MEDIUM', where(text, 'wget').line, where(text, 'wget').column],
    ]);
    expect(found[0]?.description).toContain('before_script of `default`');
  });
});
