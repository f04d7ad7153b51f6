import type { WorkflowFile } from '../model.js';
import { offsetInScalar, type Str } from '../parse.js';
import { defineRule, OWASP, STEP_KINDS, type Hit } from '../rule.js';
import type { RuleHooks } from '../visitor.js';

const detect: RuleHooks = {
  github: { step: ({ wf, job, step }) => (step.run ? scriptHits(wf, step.run, `Step ${step.index + 1} of job \`${job.id}\``, `${job.id}|${step.index}`) : []) },
  gitlab: { step: ({ wf, step: { line, where } }) => scriptHits(wf, line.str, `The ${line.section} of \`${where}\``, `${where}|${line.section}`) },
};

const FETCH = '(?:curl|wget)';
const SHELL = '(?:ba|z|k|da|a)?sh|python3?';
/** Download-and-run shapes, each on one logical line. Quantifiers are bounded. */
const PATTERNS: readonly RegExp[] = [
  // curl … | sh, curl … | sudo -E bash -s --
  new RegExp(`\\b${FETCH}\\b[^\\n|;&]{0,500}\\|\\s{0,5}(?:sudo\\s{1,5}(?:-\\S{1,20}\\s{1,5}){0,5})?(?:${SHELL})\\b`, 'g'),
  // bash <(curl …), source <(curl …)
  new RegExp(`(?:\\b(?:${SHELL})|\\bsource|(?:^|\\s)\\.)\\s{1,5}(?:-\\S{1,20}\\s{1,5}){0,5}<\\(\\s{0,5}${FETCH}\\b`, 'g'),
  // bash -c "$(curl …)", eval "$(wget …)"
  new RegExp(`(?:\\b(?:${SHELL})\\s{1,5}-c|\\beval)\\s{1,5}["']?\\$\\(\\s{0,5}${FETCH}\\b`, 'g'),
];

/** Download-and-run commands in one script; `where` and `key` say where the script is written. */
function scriptHits(wf: WorkflowFile, run: Str, where: string, key: string): Hit[] {
  if (!/curl|wget/.test(run.value)) return [];
  const hits: Hit[] = [];
  // Line continuations join lines; two spaces keep every index in place.
  const script = run.value.replace(/\\\r?\n/g, (m) => ' '.repeat(m.length));
  const seen = new Set<number>();
  for (const pattern of PATTERNS) {
    for (const m of script.matchAll(pattern)) {
      const fetch = /curl|wget/.exec(m[0]);
      if (!fetch) continue;
      const index = m.index + fetch.index;
      if (seen.has(index)) continue;
      seen.add(index);
      const lineEnd = script.indexOf('\n', index);
      const command = script.slice(index, lineEnd === -1 ? undefined : lineEnd);
      const plainHttp = /http:\/\//.test(command);
      hits.push({
        severity: plainHttp ? 'HIGH' : 'MEDIUM',
        confidence: 0.85,
        offset: offsetInScalar(wf.file, run, index, fetch[0]),
        description: `${where} downloads a script and runs it unseen${plainHttp ? ' over plain http, so anyone on the network path can replace it' : ''}. Whoever controls that URL (or the server behind it) runs code in this job with its token and secrets.`,
        key: `${key}|${command.trim().slice(0, 120)}`,
      });
    }
  }
  return hits;
}

export const rule = defineRule({
  id: 'curl-pipe-shell',
  title: 'Remote script piped into a shell',
  severity: 'HIGH',
  severityGuide: 'HIGH when the script is fetched over plain http; MEDIUM over https.',
  confidence: 0.85,
  cwe: 'CWE-494',
  owasp: OWASP.supplyChain,
  description:
    'A `run:` step (or a GitLab CI `script` line) downloads a script and executes it directly (`curl … | sh`, `bash <(curl …)`, `eval "$(curl …)"`). Nothing checks what was downloaded, so a compromised or hijacked host runs its code in the job, with the job\'s token and secrets.',
  remediation:
    'Download to a file, verify it against a checksum (or signature) kept in the repository, then run it: `curl -fsSLo install.sh URL && echo "<sha256>  install.sh" | sha256sum -c - && sh install.sh`. Better, use a pinned setup action or a package manager.',
  appliesTo: [...STEP_KINDS, 'gitlab'],
  docs: {
    summary:
      'Reports `run:` scripts (and GitLab CI `script`, `before_script` and `after_script` lines) that pipe curl or wget output into sh, bash, zsh or python, or run it through process substitution (`bash <(curl …)`, `source <(curl …)`) or command substitution (`bash -c "$(curl …)"`, `eval "$(curl …)"`). Backslash line continuations are followed.',
    bad: [`name: tools
on: push
permissions:
  contents: read
jobs:
  setup:
    runs-on: ubuntu-latest
    steps:
      - run: curl -fsSL https://get.example.dev/install.sh | bash
`],
    good: [`name: tools
on: push
permissions:
  contents: read
jobs:
  setup:
    runs-on: ubuntu-latest
    steps:
      - run: |
          curl -fsSLo install.sh https://get.example.dev/v1.2.3/install.sh
          echo "9f2b1c7e5d4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c  install.sh" | sha256sum -c -
          bash install.sh
`],
  },
  detect,
});
