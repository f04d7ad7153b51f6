import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/core/findings.js';
import type { FixContext, FixOutcome } from '../../../src/services/fixes/types.js';
import { envNameFor, PERMISSIONS_FIXER, PERSIST_CREDENTIALS_FIXER, PIN_ACTION_FIXER, TEMPLATE_INJECTION_FIXER } from '../../../src/services/fixes/workflows.js';
import { scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';
import { findingAt, memorySnapshot } from './helpers.js';

const WF = '.github/workflows/ci.yml';

/** The finding the scanner reports for `rule` in `text` (the first one), as the API would return it. */
function reported(text: string, rule: string, path = WF): Finding {
  const raw = scanWorkflowFile(path, text).find((f) => f.ruleId === rule);
  if (!raw) throw new Error(`no ${rule} finding`);
  return findingAt(raw.title, path, raw.line, raw.column, { id: 'CICD-TEST01', category: 'cicd', scanner_name: 'cicd', evidence: raw.evidence });
}

function content(outcome: FixOutcome): string {
  if (outcome.kind !== 'fixed') throw new Error(`expected a fix, got: ${outcome.reason}`);
  return outcome.change.patch.content.toString('utf8');
}

/** Runs the fix, checks the rule no longer reports at that place, and that a second run says gone. */
async function fixTwice(fixer: typeof PERMISSIONS_FIXER, text: string, rule: string, context?: FixContext, path = WF): Promise<string> {
  const finding = reported(text, rule, path);
  const out = content(await fixer.fix(finding, memorySnapshot({ [path]: text }), context));
  const again = await fixer.fix(finding, memorySnapshot({ [path]: out }), context);
  expect(again.kind).toBe('gone');
  return out;
}

describe('persist-credentials fixer', () => {
  const upload = '      - uses: actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2\n        with:\n          path: .\n';

  it('adds a with: block after the step keys, and keeps every other byte', async () => {
    const text = `on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - name: Check out\n        uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n      - run: make\n${upload}`;
    const out = await fixTwice(PERSIST_CREDENTIALS_FIXER, text, 'persisted-checkout-credentials');
    expect(out).toBe(text.replace('# v4.2.2\n', '# v4.2.2\n        with:\n          persist-credentials: false\n'));
    expect(scanWorkflowFile(WF, out).filter((f) => f.ruleId === 'persisted-checkout-credentials')).toEqual([]);
  });

  it('appends to an existing with: block in CRLF files without a final newline', async () => {
    const text = `on: push\r\npermissions:\r\n  contents: read\r\njobs:\r\n  a:\r\n    runs-on: ubuntu-latest\r\n    steps:\r\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\r\n        with:\r\n          fetch-depth: 0\r\n${upload.replace(/\n/g, '\r\n').trimEnd()}`;
    const out = await fixTwice(PERSIST_CREDENTIALS_FIXER, text, 'persisted-checkout-credentials');
    expect(out).toBe(text.replace('fetch-depth: 0\r\n', 'fetch-depth: 0\r\n          persist-credentials: false\r\n'));
  });

  it('turns an explicit true into false in a privileged workflow that runs PR code', async () => {
    const text = `on: pull_request_target\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n        with:\n          ref: \${{ github.event.pull_request.head.sha }}\n          persist-credentials: true # needed?\n      - run: npm test\n`;
    const out = await fixTwice(PERSIST_CREDENTIALS_FIXER, text, 'persisted-checkout-credentials');
    expect(out).toBe(text.replace('persist-credentials: true # needed?', 'persist-credentials: false # needed?'));
  });
});

describe('finding the reported node again', () => {
  const two = `on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n      - uses: actions/upload-artifact@v3\n        with:\n          path: .\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2\n      - uses: actions/upload-artifact@v3\n        with:\n          path: .\n`;

  it('never fixes a second checkout for the first one\'s finding', async () => {
    const finding = reported(two, 'persisted-checkout-credentials');
    const out = content(await PERSIST_CREDENTIALS_FIXER.fix(finding, memorySnapshot({ [WF]: two })));
    expect(await PERSIST_CREDENTIALS_FIXER.fix(finding, memorySnapshot({ [WF]: out }))).toMatchObject({ kind: 'gone' });
    expect(scanWorkflowFile(WF, out).filter((f) => f.ruleId === 'persisted-checkout-credentials').map((f) => f.line)).toEqual([17]);
  });

  it('follows the reported line when lines were added above it', async () => {
    const finding = reported(two, 'persisted-checkout-credentials');
    const moved = `# Build\n# and upload\n${two}`;
    const out = content(await PERSIST_CREDENTIALS_FIXER.fix(finding, memorySnapshot({ [WF]: moved })));
    expect(out.indexOf('persist-credentials: false')).toBeLessThan(out.indexOf('  b:'));
  });
});

describe('permissions fixer', () => {
  it('adds permissions above jobs: (and above comments that belong to it), with the jobs indentation', async () => {
    const text = 'name: ci\non: push\n\n# The jobs\njobs:\n    test:\n        runs-on: ubuntu-latest\n        steps:\n            - run: make\n';
    const out = await fixTwice(PERMISSIONS_FIXER, text, 'excessive-permissions');
    expect(out).toBe('name: ci\non: push\n\npermissions:\n    contents: read\n# The jobs\njobs:\n    test:\n        runs-on: ubuntu-latest\n        steps:\n            - run: make\n');
    expect(scanWorkflowFile(WF, out).filter((f) => f.ruleId === 'excessive-permissions')).toEqual([]);
  });

  it('keeps a byte-order mark and CRLF', async () => {
    const text = '\uFEFFon: push\r\njobs:\r\n  a:\r\n    runs-on: ubuntu-latest\r\n    steps:\r\n      - run: make\r\n';
    const out = await fixTwice(PERMISSIONS_FIXER, text, 'excessive-permissions');
    expect(out).toBe('\uFEFFon: push\r\npermissions:\r\n  contents: read\r\njobs:\r\n  a:\r\n    runs-on: ubuntu-latest\r\n    steps:\r\n      - run: make\r\n');
  });
});

describe('template injection fixer', () => {
  it('names env vars after the context', () => {
    expect(envNameFor('github.event.pull_request.title')).toBe('PULL_REQUEST_TITLE');
    expect(envNameFor("github.event.commits[0].message")).toBe('COMMITS_0_MESSAGE');
    expect(envNameFor('github.head_ref')).toBe('GH_HEAD_REF');
    expect(envNameFor('inputs.name')).toBe('INPUTS_NAME');
  });

  it('moves the expression to a new env: block and reads it as ${NAME}, every occurrence in the script', async () => {
    const text = `on: issues\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          echo "\${{ github.event.issue.title }}"\n          echo "again: \${{github.event.issue.title}}"\n      - run: echo done\n`;
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, text, 'template-injection');
    expect(out).toBe(
      `on: issues\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          echo "\${ISSUE_TITLE}"\n          echo "again: \${ISSUE_TITLE}"\n        env:\n          ISSUE_TITLE: \${{ github.event.issue.title }}\n      - run: echo done\n`,
    );
    expect(scanWorkflowFile(WF, out)).toEqual([]);
  });

  it('appends to an existing env: block, uses PowerShell syntax for pwsh, and rewrites ${{ env.X }} without a new entry', async () => {
    const pwsh = `on: pull_request_target\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: windows-latest\n    steps:\n      - shell: pwsh\n        env:\n          OTHER: x\n        run: Write-Host "\${{ github.head_ref }}"\n`;
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, pwsh, 'template-injection');
    expect(out).toBe(pwsh.replace('          OTHER: x\n', '          OTHER: x\n          GH_HEAD_REF: ${{ github.head_ref }}\n').replace('"${{ github.head_ref }}"', '"${env:GH_HEAD_REF}"'));
    const viaEnv = `on: issues\npermissions:\n  contents: read\nenv:\n  T: \${{ github.event.issue.title }}\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "\${{ env.T }}"\n`;
    expect(await fixTwice(TEMPLATE_INJECTION_FIXER, viaEnv, 'template-injection')).toBe(viaEnv.replace('"${{ env.T }}"', '"${T}"'));
  });

  it('fixes composite action steps with their declared shell', async () => {
    const action = 'name: a\ndescription: a\ninputs:\n  who:\n    description: who\nruns:\n  using: composite\n  steps:\n    - shell: bash\n      run: echo "Hello ${{ inputs.who }}"\n';
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, action, 'template-injection', undefined, 'action.yml');
    expect(out).toBe('name: a\ndescription: a\ninputs:\n  who:\n    description: who\nruns:\n  using: composite\n  steps:\n    - shell: bash\n      run: echo "Hello ${INPUTS_WHO}"\n      env:\n        INPUTS_WHO: ${{ inputs.who }}\n');
    expect(scanWorkflowFile('action.yml', out).filter((f) => f.ruleId === 'template-injection')).toEqual([]);
  });

  it('refuses expressions that are not one context, and other actions\' code inputs', async () => {
    const text = `on: issues\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "\${{ format('{0}', github.event.issue.title) }}"\n`;
    await expect(TEMPLATE_INJECTION_FIXER.fix(reported(text, 'template-injection'), memorySnapshot({ [WF]: text }))).rejects.toThrow(/not a single context/);
    const yq = `on: issues\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: mikefarah/yq@8bf425b4d1344db7cd469a8d10a390876e0c77fd # v4.45.1\n        with:\n          cmd: yq '.title = "\${{ github.event.issue.title }}"' data.yml\n`;
    await expect(TEMPLATE_INJECTION_FIXER.fix(reported(yq, 'template-injection'), memorySnapshot({ [WF]: yq }))).rejects.toThrow(/action input/);
    // Once the expression is gone from that line, the finding is gone.
    const fixedYq = yq.replace('"${{ github.event.issue.title }}"', 'strenv(TITLE)');
    expect((await TEMPLATE_INJECTION_FIXER.fix(reported(yq, 'template-injection'), memorySnapshot({ [WF]: fixedYq }))).kind).toBe('gone');
  });

  it('fixes composite action run: steps reading event data, appending to their env:', async () => {
    const action =
      'name: greet\ndescription: greet\nruns:\n  using: composite\n  steps:\n    - shell: bash\n      env:\n        GREETING: hi\n      run: |\n        echo "$GREETING ${{ github.event.pull_request.title }}"\n';
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, action, 'template-injection', undefined, 'action.yml');
    expect(out).toBe(
      'name: greet\ndescription: greet\nruns:\n  using: composite\n  steps:\n    - shell: bash\n      env:\n        GREETING: hi\n        PULL_REQUEST_TITLE: ${{ github.event.pull_request.title }}\n      run: |\n        echo "$GREETING ${PULL_REQUEST_TITLE}"\n',
    );
    expect(scanWorkflowFile('action.yml', out).filter((f) => f.ruleId === 'template-injection')).toEqual([]);
  });
});

describe('template injection fixer: actions/github-script', () => {
  const step = (script: string, extra = '') =>
    `on: issue_comment\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea # v7.0.1\n${extra}        with:\n          script: ${script}\n`;

  it('reads process.env: a string of only the expression becomes the variable, every occurrence changes', async () => {
    const text = step(`|\n            const title = "\${{ github.event.issue.title }}";\n            // was: \${{ github.event.issue.title }}\n            core.info('\${{ github.event.issue.title }}');`);
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, text, 'template-injection');
    expect(out).toBe(
      step(
        '|\n            const title = process.env.ISSUE_TITLE;\n            // was: process.env.ISSUE_TITLE\n            core.info(process.env.ISSUE_TITLE);',
      ).replace('            core.info(process.env.ISSUE_TITLE);\n', '            core.info(process.env.ISSUE_TITLE);\n        env:\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n'),
    );
    expect(scanWorkflowFile(WF, out).filter((f) => f.ruleId === 'template-injection')).toEqual([]);
  });

  it('turns a string around the expression into a template literal, escaping what a template would read', async () => {
    const text = step(`|\n            await github.rest.issues.createComment({ ...context.repo, issue_number: 1, body: 'You wrote \\'\${{ github.event.comment.body }}\\' in \`code\` (\${x}).' });`);
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, text, 'template-injection');
    expect(out).toContain("body: `You wrote \\'${process.env.COMMENT_BODY}\\' in \\`code\\` (\\${x}).` });");
    expect(out).toContain('        env:\n          COMMENT_BODY: ${{ github.event.comment.body }}\n');
    expect(scanWorkflowFile(WF, out).filter((f) => f.ruleId === 'template-injection')).toEqual([]);
  });

  it('refuses a string that mixes two expressions, but fixes each in a template literal and moves toJSON in code to JSON.parse', async () => {
    const mixed = step(`|\n            core.info("\${{ github.event.comment.body }} by \${{ github.event.issue.title }}");`);
    await expect(TEMPLATE_INJECTION_FIXER.fix(reported(mixed, 'template-injection'), memorySnapshot({ [WF]: mixed }))).rejects.toThrow(/other expressions/);
    const template = step('|\n            core.info(`${{ github.event.comment.body }} by ${{ github.event.issue.title }}`);');
    const once = content(await TEMPLATE_INJECTION_FIXER.fix(reported(template, 'template-injection'), memorySnapshot({ [WF]: template })));
    expect(once).toContain('core.info(`${process.env.COMMENT_BODY} by ${{ github.event.issue.title }}`);');
    const twice = content(await TEMPLATE_INJECTION_FIXER.fix(reported(once, 'template-injection'), memorySnapshot({ [WF]: once })));
    expect(twice).toContain('core.info(`${process.env.COMMENT_BODY} by ${process.env.ISSUE_TITLE}`);');
    expect(twice).toContain('        env:\n          COMMENT_BODY: ${{ github.event.comment.body }}\n          ISSUE_TITLE: ${{ github.event.issue.title }}\n');
    const json = step('|\n            const body = ${{ toJSON(github.event.comment.body) }};\n            core.info(body);');
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, json, 'template-injection');
    expect(out).toContain('const body = JSON.parse(process.env.COMMENT_BODY_JSON);');
    expect(out).toContain('COMMENT_BODY_JSON: ${{ toJSON(github.event.comment.body) }}');
  });

  it('refuses code it cannot rewrite safely: an expression as code, a quoted YAML script, a regular expression', async () => {
    const code = step('|\n            const n = ${{ github.event.comment.body }};');
    await expect(TEMPLATE_INJECTION_FIXER.fix(reported(code, 'template-injection'), memorySnapshot({ [WF]: code }))).rejects.toThrow(/JavaScript code/);
    const quoted = step('"console.log(\'${{ github.event.comment.body }}\')"');
    await expect(TEMPLATE_INJECTION_FIXER.fix(reported(quoted, 'template-injection'), memorySnapshot({ [WF]: quoted }))).rejects.toThrow(/quoted YAML string/);
    const regex = step("|\n            if (/${{ github.event.comment.body }}/.test(x)) core.info('y');");
    await expect(TEMPLATE_INJECTION_FIXER.fix(reported(regex, 'template-injection'), memorySnapshot({ [WF]: regex }))).rejects.toThrow(/regular expression/);
  });

  it('reuses an env entry that holds the expression, and reads ${{ env.X }} without a new one', async () => {
    const text = step(`|\n            core.info("\${{ github.event.comment.body }}");`, '        env:\n          BODY: ${{ github.event.comment.body }}\n');
    expect(await fixTwice(TEMPLATE_INJECTION_FIXER, text, 'template-injection')).toBe(text.replace('core.info("${{ github.event.comment.body }}");', 'core.info(process.env.BODY);'));
    const viaEnv = step(`|\n            core.info("\${{ env.BODY }}");`, '        env:\n          BODY: ${{ github.event.comment.body }}\n');
    expect(await fixTwice(TEMPLATE_INJECTION_FIXER, viaEnv, 'template-injection')).toBe(viaEnv.replace('core.info("${{ env.BODY }}");', 'core.info(process.env.BODY);'));
  });

  it('fixes a github-script step of a composite action', async () => {
    const action =
      "name: a\ndescription: a\ninputs:\n  label:\n    description: label\nruns:\n  using: composite\n  steps:\n    - uses: actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea # v7.0.1\n      with:\n        script: |\n          core.info('label: ${{ inputs.label }}');\n";
    const out = await fixTwice(TEMPLATE_INJECTION_FIXER, action, 'template-injection', undefined, 'action.yml');
    expect(out).toBe(action.replace("core.info('label: ${{ inputs.label }}');\n", 'core.info(`label: ${process.env.INPUTS_LABEL}`);\n      env:\n        INPUTS_LABEL: ${{ inputs.label }}\n'));
  });
});

describe('pin-action fixer', () => {
  const SHA = 'a'.repeat(40);
  const context: FixContext = {
    resolveActionRef: (owner, repo, ref) => Promise.resolve(owner === 'acme' && repo === 'deploy' && ref === 'v2' ? { sha: SHA, version: 'v2.3.1' } : undefined),
  };

  it('replaces the tag with the SHA and adds the version comment; keeps an existing comment', async () => {
    const text = `on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: "acme/deploy@v2"\n      - uses: acme/deploy/sub@v2 # the deployer\n`;
    const out = await fixTwice(PIN_ACTION_FIXER, text, 'unpinned-action', context);
    expect(out).toBe(text.replace('"acme/deploy@v2"', `"acme/deploy@${SHA}" # v2.3.1`));
    const second = content(await PIN_ACTION_FIXER.fix(reported(out, 'unpinned-action'), memorySnapshot({ [WF]: out }), context));
    expect(second).toBe(out.replace('acme/deploy/sub@v2 # the deployer', `acme/deploy/sub@${SHA} # the deployer`));
  });

  it('pins a reusable workflow call and an action inside a composite action', async () => {
    const call = `on: push\npermissions:\n  contents: read\njobs:\n  deploy:\n    uses: acme/deploy/.github/workflows/deploy.yml@v2\n`;
    expect(await fixTwice(PIN_ACTION_FIXER, call, 'unpinned-action', context)).toBe(call.replace('@v2\n', `@${SHA} # v2.3.1\n`));
    const action = 'name: a\ndescription: a\nruns:\n  using: composite\n  steps:\n    - uses: acme/deploy@v2\n      with:\n        target: prod\n';
    expect(await fixTwice(PIN_ACTION_FIXER, action, 'unpinned-action', context, 'action.yml')).toBe(action.replace('acme/deploy@v2', `acme/deploy@${SHA} # v2.3.1`));
  });

  it('answers 400 when the ref does not exist', async () => {
    const text = `on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: acme/deploy@v9\n`;
    await expect(PIN_ACTION_FIXER.fix(reported(text, 'unpinned-action'), memorySnapshot({ [WF]: text }), context)).rejects.toThrow(/no tag or branch named v9/);
  });
});
