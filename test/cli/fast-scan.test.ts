import { describe, expect, it } from 'vitest';
import { parseFastScan } from '../../src/cli/fast-scan.js';

describe('parseFastScan (vigil scan <dir> without commander)', () => {
  it('reads the plain forms with commander\'s defaults', () => {
    expect(parseFastScan(['scan', 'repo'])).toEqual({ dir: 'repo', opts: { format: 'table', failOn: 'none', checkCves: false, history: false, verify: false } });
    expect(parseFastScan(['scan', '--format', 'json', 'repo', '--fail-on=high', '--target', 'o/r', '--check-cves', '--output', 'out.json'])).toEqual({
      dir: 'repo',
      opts: { format: 'json', failOn: 'high', checkCves: true, history: false, verify: false, target: 'o/r', output: 'out.json' },
    });
    expect(parseFastScan(['scan', 'repo', '--history', '--since', 'abc', '--branch', 'main', '--verify'])?.opts).toMatchObject({ history: true, since: 'abc', branch: 'main', verify: true });
  });

  it('leaves to commander everything it is not sure of', () => {
    for (const argv of [
      ['--version'],
      ['scan'],
      ['scan', '--help'],
      ['scan', '-h'],
      ['scan', 'github', 'o/r'],
      ['scan', 'api', 'https://example.test'],
      ['scan', 'a', 'b'],
      ['scan', 'repo', '--format', 'xml'],
      ['scan', 'repo', '--format'],
      ['scan', 'repo', '--format', 'json', '--format', 'table'],
      ['scan', 'repo', '--unknown'],
      ['scan', 'repo', '--verify=yes'],
      ['scan', 'repo', '--output', '-'],
      ['scan', '--', 'repo'],
      ['triage', 'x.json'],
    ]) {
      expect(parseFastScan(argv), argv.join(' ')).toBeUndefined();
    }
  });
});
