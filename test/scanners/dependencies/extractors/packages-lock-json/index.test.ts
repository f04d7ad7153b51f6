import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/packages-lock-json/index.js';

const fixture = readFileSync(new URL('./packages.lock.json', import.meta.url), 'utf8');
const PATH = 'src/Api/packages.lock.json';

describe('packages-lock-json extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches packages.lock.json only', () => {
    expect(extractor.matches('src/Api/packages.lock.json')).toBe(true);
    expect(extractor.matches('package-lock.json')).toBe(false);
  });

  it('reads direct packages with requirement, hash and line', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(byName.get('Newtonsoft.Json')).toEqual({
      ecosystem: 'NuGet', name: 'Newtonsoft.Json', version: '13.0.3', requirement: '[13.0.3, )',
      direct: true, path: PATH, line: 5, source: 'registry',
      integrity: 'sha512-HrC5BXdl00IP9zeV+0Z848QWPAoCr9P3bDEZguI+gkLcBKAOxix/tLEAAHC+UvDNPv4a2d18lOReHMOagPa+zQ==',
    });
  });

  it('marks transitive and central transitive packages as not direct', () => {
    expect(byName.get('Serilog')).toMatchObject({ version: '3.1.1', direct: false, line: 11 });
    expect(byName.get('System.Text.Json')).toMatchObject({ version: '8.0.0', direct: false, line: 16 });
  });

  it('skips project references and reports a package once across frameworks', () => {
    expect(byName.has('Ledger.Core')).toBe(false);
    expect(result.packages.filter((p) => p.name === 'Newtonsoft.Json')).toHaveLength(1);
    expect(byName.get('runtime.linux-x64.Microsoft.NETCore.App')).toMatchObject({ line: 35 });
    expect(result.packages).toHaveLength(4);
  });

  it('turns broken JSON into one warning', () => {
    const broken = extractor.extract(PATH, '{"version": 1, "dependencies": {"net8.0": {');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(extractor.extract(PATH, '{"version": 1}').warnings).toHaveLength(1);
  });
});
