import { describe, expect, it } from 'vitest';
import { CLASSES, loadCases, score, type Case } from '../../../bench/cicd/index.js';
import { parseYaml } from '../../../src/scanners/workflows/parse.js';

describe('bench:cicd labelled set', () => {
  const cases = loadCases();

  it('every case is valid YAML once its labels are removed, and labels name known classes', () => {
    expect(cases.length).toBeGreaterThan(20);
    for (const c of cases) expect(parseYaml(c.text), c.name).toBeDefined();
    for (const c of cases) for (const key of c.expected) expect(Object.keys(CLASSES)).toContain(key.split('|')[1]);
  });

  it('every scored class has labelled findings', () => {
    const labelled = new Set(cases.flatMap((c) => [...c.expected].map((k) => k.split('|')[1])));
    for (const cls of Object.keys(CLASSES)) expect(labelled, cls).toContain(cls);
  });

  it('counts a label without a finding as a miss and a finding without a label as a false positive', () => {
    const text = 'on: issues\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.issue.title }}"\n      - run: echo ok\n';
    const wrong: Case = { name: 'x.yml', path: '.github/workflows/x.yml', text, expected: new Set(['9|template-injection']) };
    const s = score([wrong]).get('template-injection');
    expect(s).toMatchObject({ tp: 0, fn: 1, fp: 1 });
  });
});
