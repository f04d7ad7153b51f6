import { describe, expect, it } from 'vitest';
import type { OsvVulnerability } from '../../../../src/scanners/advisories/osv-schema.js';
import {
  affectedEntries,
  ecosystemFromOsv,
  fixedVersions,
  isVersionAffected,
  lowestFixedAbove,
  normalisePackageName,
} from '../../../../src/scanners/dependencies/advisories/match.js';

const base = { schema_version: '1.6.0', modified: '2024-05-01T00:00:00Z', published: '2021-02-15T00:00:00Z' };

/** Shaped on GHSA-35jh-r3h4-6jhm (lodash command injection). */
const lodash: OsvVulnerability = {
  ...base,
  id: 'GHSA-35jh-r3h4-6jhm',
  aliases: ['CVE-2021-23337'],
  summary: 'Command Injection in lodash',
  affected: [
    {
      package: { ecosystem: 'npm', name: 'lodash', purl: 'pkg:npm/lodash' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }],
      database_specific: { source: 'https://github.com/github/advisory-database/blob/main/advisories/github-reviewed/2021/02/GHSA-35jh-r3h4-6jhm/GHSA-35jh-r3h4-6jhm.json' },
    },
    {
      package: { ecosystem: 'npm', name: 'lodash-es' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }],
    },
  ],
  database_specific: { severity: 'HIGH', cwe_ids: ['CWE-77'] },
};

/** Shaped on a Django GHSA: two release lines fixed separately, one range per line. */
const django: OsvVulnerability = {
  ...base,
  id: 'GHSA-w24h-v9qh-8gxj',
  aliases: ['CVE-2022-34265', 'PYSEC-2022-213'],
  affected: [
    {
      package: { ecosystem: 'PyPI', name: 'Django', purl: 'pkg:pypi/django' },
      ranges: [
        { type: 'ECOSYSTEM', events: [{ introduced: '3.2' }, { fixed: '3.2.14' }] },
        { type: 'ECOSYSTEM', events: [{ introduced: '4.0a1' }, { fixed: '4.0.6' }] },
      ],
    },
  ],
};

/** Shaped on PYSEC records: events in one range, GIT range next to it, versions list filled by osv.dev. */
const ruamel: OsvVulnerability = {
  ...base,
  id: 'PYSEC-2019-0000',
  affected: [
    {
      package: { ecosystem: 'PyPI', name: 'ruamel.yaml', purl: 'pkg:pypi/ruamel-yaml' },
      ranges: [
        { type: 'GIT', repo: 'https://sourceforge.net/p/ruamel-yaml/code', events: [{ introduced: '0' }, { fixed: '5f8eb1fb5c2ac1bb0bbdcbbf5ea2c8d4dbcc4f46' }] },
        { type: 'ECOSYSTEM', events: [{ introduced: '0.15.0' }, { fixed: '0.15.80' }, { introduced: '0.16.0' }, { fixed: '0.16.3' }] },
      ],
      versions: ['0.15.0', '0.15.1'],
    },
  ],
};

/** Shaped on jackson-databind GHSAs: several release lines, Maven four-part fixes. */
const jackson: OsvVulnerability = {
  ...base,
  id: 'GHSA-jjjh-jjxp-wpff',
  aliases: ['CVE-2022-42003'],
  affected: [
    {
      package: { ecosystem: 'Maven', name: 'com.fasterxml.jackson.core:jackson-databind' },
      ranges: [
        { type: 'ECOSYSTEM', events: [{ introduced: '2.13.0' }, { fixed: '2.13.4.1' }] },
        { type: 'ECOSYSTEM', events: [{ introduced: '2.10.0' }, { fixed: '2.12.7.1' }] },
        { type: 'ECOSYSTEM', events: [{ introduced: '2.4.0-rc1' }, { fixed: '2.9.10.8' }] },
      ],
    },
    {
      // the same vulnerability also recorded for the 2.10 line separately (a second entry for the same package)
      package: { ecosystem: 'Maven', name: 'com.fasterxml.jackson.core:jackson-databind' },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '2.10.0' }, { fixed: '2.10.5.1' }] }],
    },
  ],
};

/** Shaped on a RUSTSEC/GHSA crates.io record with only a last-known-affected version. */
const crate: OsvVulnerability = {
  ...base,
  id: 'RUSTSEC-2021-0145',
  affected: [
    {
      package: { ecosystem: 'crates.io', name: 'atty' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0.0.0-0' }, { last_affected: '0.2.14' }] }],
    },
  ],
};

/** Shaped on GO-2020-0012 (golang.org/x/crypto): SEMVER range with a pseudo-version fix. */
const goCrypto: OsvVulnerability = {
  ...base,
  id: 'GO-2020-0012',
  affected: [
    {
      package: { ecosystem: 'Go', name: 'golang.org/x/crypto' },
      ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '0.0.0-20200220183623-bac4c82f6975' }] }],
    },
  ],
};

describe('ecosystemFromOsv', () => {
  it('maps our ecosystems exactly and drops a suffix only when the prefix is ours', () => {
    expect(ecosystemFromOsv('npm')).toBe('npm');
    expect(ecosystemFromOsv('PyPI')).toBe('PyPI');
    expect(ecosystemFromOsv('crates.io')).toBe('crates.io');
    expect(ecosystemFromOsv('Maven:https://maven.google.com')).toBe('Maven');
    expect(ecosystemFromOsv('Packagist:https://packages.drupal.org/8')).toBe('Packagist');
    expect(ecosystemFromOsv('Debian:11')).toBeUndefined();
    expect(ecosystemFromOsv('Alpine:v3.16')).toBeUndefined();
    expect(ecosystemFromOsv('GitHub Actions')).toBeUndefined();
    expect(ecosystemFromOsv('pypi')).toBeUndefined();
    expect(ecosystemFromOsv('')).toBeUndefined();
  });
});

describe('normalisePackageName', () => {
  it('applies PEP 503 to PyPI, lowercases Packagist and keeps the others', () => {
    expect(normalisePackageName('PyPI', 'Ruamel_YAML')).toBe('ruamel-yaml');
    expect(normalisePackageName('PyPI', 'zope.interface')).toBe('zope-interface');
    expect(normalisePackageName('PyPI', 'Foo.-_Bar')).toBe('foo-bar');
    expect(normalisePackageName('Packagist', 'Symfony/HTTP-Kernel')).toBe('symfony/http-kernel');
    expect(normalisePackageName('npm', 'JSONStream')).toBe('JSONStream');
    expect(normalisePackageName('Go', 'github.com/BurntSushi/toml')).toBe('github.com/BurntSushi/toml');
  });
});

describe('affectedEntries', () => {
  it('returns only the entries naming this package in this ecosystem', () => {
    expect(affectedEntries(lodash, 'npm', 'lodash').map((a) => a.package?.name)).toEqual(['lodash']);
    expect(affectedEntries(lodash, 'npm', 'lodash-es').map((a) => a.package?.name)).toEqual(['lodash-es']);
    expect(affectedEntries(lodash, 'PyPI', 'lodash')).toEqual([]);
    expect(affectedEntries(jackson, 'Maven', 'com.fasterxml.jackson.core:jackson-databind')).toHaveLength(2);
    expect(affectedEntries(django, 'PyPI', 'django')).toHaveLength(1);
  });
});

describe('isVersionAffected', () => {
  it('introduced 0 and fixed: everything below the fix', () => {
    expect(isVersionAffected(lodash, 'npm', 'lodash', '0.1.0')).toBe(true);
    expect(isVersionAffected(lodash, 'npm', 'lodash', '4.17.20')).toBe(true);
    expect(isVersionAffected(lodash, 'npm', 'lodash', '4.17.21-beta.1')).toBe(true);
    expect(isVersionAffected(lodash, 'npm', 'lodash', '4.17.21')).toBe(false);
    expect(isVersionAffected(lodash, 'npm', 'lodash', '4.18.0')).toBe(false);
    expect(isVersionAffected(lodash, 'npm', 'lodash', '4.17.100')).toBe(false);
  });

  it('ignores an affected entry for another package or ecosystem', () => {
    const other: OsvVulnerability = {
      ...base,
      id: 'GHSA-test-0001',
      affected: [
        { package: { ecosystem: 'npm', name: 'requests' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }] },
        { package: { ecosystem: 'PyPI', name: 'urllib3' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }] },
      ],
    };
    expect(isVersionAffected(other, 'PyPI', 'requests', '2.31.0')).toBe(false);
    expect(isVersionAffected(other, 'npm', 'requests', '2.31.0')).toBe(true);
    expect(isVersionAffected(lodash, 'npm', 'underscore', '1.0.0')).toBe(false);
  });

  it('evaluates several ranges and several pairs in one range', () => {
    expect(isVersionAffected(django, 'PyPI', 'Django', '3.1.14')).toBe(false);
    expect(isVersionAffected(django, 'PyPI', 'Django', '3.2')).toBe(true);
    expect(isVersionAffected(django, 'PyPI', 'Django', '3.2.13')).toBe(true);
    expect(isVersionAffected(django, 'PyPI', 'Django', '3.2.14')).toBe(false);
    expect(isVersionAffected(django, 'PyPI', 'Django', '3.2.15')).toBe(false);
    expect(isVersionAffected(django, 'PyPI', 'Django', '4.0b1')).toBe(true);
    expect(isVersionAffected(django, 'PyPI', 'Django', '4.0.5')).toBe(true);
    expect(isVersionAffected(django, 'PyPI', 'Django', '4.0.6')).toBe(false);
    expect(isVersionAffected(django, 'PyPI', 'Django', '4.1')).toBe(false);
    // PEP 440 spellings of the same version
    expect(isVersionAffected(django, 'PyPI', 'Django', '3.2.0')).toBe(true);
    expect(isVersionAffected(django, 'PyPI', 'Django', '4.0.6.0')).toBe(false);

    expect(isVersionAffected(ruamel, 'PyPI', 'ruamel.yaml', '0.14.9')).toBe(false);
    expect(isVersionAffected(ruamel, 'PyPI', 'ruamel.yaml', '0.15.79')).toBe(true);
    expect(isVersionAffected(ruamel, 'PyPI', 'ruamel.yaml', '0.15.80')).toBe(false);
    expect(isVersionAffected(ruamel, 'PyPI', 'ruamel.yaml', '0.15.100')).toBe(false);
    expect(isVersionAffected(ruamel, 'PyPI', 'ruamel.yaml', '0.16.2')).toBe(true);
    expect(isVersionAffected(ruamel, 'PyPI', 'ruamel.yaml', '0.16.3')).toBe(false);
  });

  it('sorts events before walking them', () => {
    const shuffled: OsvVulnerability = {
      ...base,
      id: 'GHSA-test-0002',
      affected: [
        {
          package: { ecosystem: 'npm', name: 'x' },
          ranges: [{ type: 'SEMVER', events: [{ fixed: '3.2.5' }, { introduced: '3.0.0' }, { fixed: '1.0.2' }, { introduced: '1.0.0' }] }],
        },
      ],
    };
    expect(['0.9.0', '1.0.0', '1.0.2', '2.0.0', '3.0.0', '3.2.4', '3.2.5'].map((v) => isVersionAffected(shuffled, 'npm', 'x', v))).toEqual([
      false,
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('matches PyPI names after PEP 503 normalisation on both sides', () => {
    expect(isVersionAffected(ruamel, 'PyPI', 'ruamel-yaml', '0.15.50')).toBe(true);
    expect(isVersionAffected(ruamel, 'PyPI', 'Ruamel_YAML', '0.15.50')).toBe(true);
    expect(isVersionAffected(django, 'PyPI', 'DJANGO', '3.2.1')).toBe(true);
    expect(isVersionAffected(ruamel, 'npm', 'ruamel.yaml', '0.15.50')).toBe(false);
  });

  it('last_affected includes its own version and nothing above', () => {
    expect(isVersionAffected(crate, 'crates.io', 'atty', '0.1.0')).toBe(true);
    expect(isVersionAffected(crate, 'crates.io', 'atty', '0.2.14')).toBe(true);
    expect(isVersionAffected(crate, 'crates.io', 'atty', '0.2.15-alpha')).toBe(false);
    expect(isVersionAffected(crate, 'crates.io', 'atty', '0.2.15')).toBe(false);
    expect(isVersionAffected(crate, 'crates.io', 'atty', '1.0.0')).toBe(false);
  });

  it('limit events bound the range from above', () => {
    const limited: OsvVulnerability = {
      ...base,
      id: 'OSV-test-0003',
      affected: [
        {
          package: { ecosystem: 'npm', name: 'y' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '1.0.0' }, { limit: '2.0.0' }] }],
        },
        {
          package: { ecosystem: 'npm', name: 'z' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '1.0.0' }, { limit: '*' }] }],
        },
      ],
    };
    expect(isVersionAffected(limited, 'npm', 'y', '0.9.0')).toBe(false);
    expect(isVersionAffected(limited, 'npm', 'y', '1.5.0')).toBe(true);
    expect(isVersionAffected(limited, 'npm', 'y', '2.0.0')).toBe(false);
    expect(isVersionAffected(limited, 'npm', 'y', '3.0.0')).toBe(false);
    expect(isVersionAffected(limited, 'npm', 'z', '99.0.0')).toBe(true);
  });

  it('a versions list matches versions equal in the ecosystem ordering (PEP 440 0.5 is 0.5.0), not look-alikes', () => {
    const pysec: OsvVulnerability = {
      ...base,
      id: 'PYSEC-0000-1',
      affected: [{ package: { ecosystem: 'PyPI', name: 'demo' }, versions: ['0.5', '1.0.post1', '2.0rc1'] }],
    };
    expect(isVersionAffected(pysec, 'PyPI', 'demo', '0.5.0')).toBe(true);
    expect(isVersionAffected(pysec, 'PyPI', 'demo', '0.5')).toBe(true);
    expect(isVersionAffected(pysec, 'PyPI', 'demo', '1.0.post1')).toBe(true);
    expect(isVersionAffected(pysec, 'PyPI', 'demo', '1.0-post1')).toBe(true);
    expect(isVersionAffected(pysec, 'PyPI', 'demo', '2.0.0rc1')).toBe(true);
    expect(isVersionAffected(pysec, 'PyPI', 'demo', '0.5.1')).toBe(false);
    expect(isVersionAffected(pysec, 'PyPI', 'demo', '1.0')).toBe(false);
  });

  it('an explicit versions list alone matches verbatim only', () => {
    // Shaped on MAL-* malicious package records: no ranges, every published version listed.
    const malicious: OsvVulnerability = {
      ...base,
      id: 'MAL-2022-1',
      summary: 'Malicious code in event-stream (npm)',
      affected: [{ package: { ecosystem: 'npm', name: 'flatmap-stream' }, versions: ['0.1.1'] }],
    };
    expect(isVersionAffected(malicious, 'npm', 'flatmap-stream', '0.1.1')).toBe(true);
    expect(isVersionAffected(malicious, 'npm', 'flatmap-stream', '0.1.0')).toBe(false);
    expect(isVersionAffected(malicious, 'npm', 'flatmap-stream', '0.1.2')).toBe(false);
  });

  it('GIT ranges never match a version; their versions list does', () => {
    const gitOnly: OsvVulnerability = {
      ...base,
      id: 'OSV-2021-100',
      affected: [
        {
          package: { ecosystem: 'PyPI', name: 'pillow' },
          ranges: [{ type: 'GIT', repo: 'https://github.com/python-pillow/Pillow', events: [{ introduced: '0' }, { fixed: 'a79b65c47c7dc6fe623aadf09aa6192fc54548f3' }] }],
          versions: ['8.1.0', '8.1.1'],
        },
      ],
    };
    expect(isVersionAffected(gitOnly, 'PyPI', 'pillow', '8.1.0')).toBe(true);
    expect(isVersionAffected(gitOnly, 'PyPI', 'pillow', '8.0.0')).toBe(false);
    expect(isVersionAffected(gitOnly, 'PyPI', 'pillow', '8.1.2')).toBe(false);
    expect(fixedVersions(gitOnly, 'PyPI', 'pillow')).toEqual([]);
  });

  it('withdrawn records affect nothing', () => {
    const withdrawn: OsvVulnerability = { ...lodash, id: 'GHSA-withdrawn', withdrawn: '2021-03-01T00:00:00Z' };
    expect(isVersionAffected(withdrawn, 'npm', 'lodash', '4.17.20')).toBe(false);
    expect(lowestFixedAbove(withdrawn, 'npm', 'lodash', '4.17.20')).toBeUndefined();
  });

  it('SEMVER ranges use SemVer ordering and ECOSYSTEM ranges the ecosystem ordering', () => {
    const rec = (type: string): OsvVulnerability => ({
      ...base,
      id: `OSV-test-${type}`,
      affected: [{ package: { ecosystem: 'PyPI', name: 'p' }, ranges: [{ type, events: [{ introduced: '0' }, { fixed: '1.0.0' }] }] }],
    });
    // "1.0.0-1" is a pre-release in SemVer but a post release in PEP 440.
    expect(isVersionAffected(rec('SEMVER'), 'PyPI', 'p', '1.0.0-1')).toBe(true);
    expect(isVersionAffected(rec('ECOSYSTEM'), 'PyPI', 'p', '1.0.0-1')).toBe(false);
    expect(isVersionAffected(rec('ECOSYSTEM'), 'PyPI', 'p', '1.0.0rc1')).toBe(true);
    expect(isVersionAffected(rec('SOMETHING'), 'PyPI', 'p', '0.1.0')).toBe(false);
  });

  it('orders Go pseudo-versions in SEMVER ranges', () => {
    expect(isVersionAffected(goCrypto, 'Go', 'golang.org/x/crypto', '0.0.0-20200128174031-69ecbb4d6d5d')).toBe(true);
    expect(isVersionAffected(goCrypto, 'Go', 'golang.org/x/crypto', 'v0.0.0-20200128174031-69ecbb4d6d5d')).toBe(true);
    expect(isVersionAffected(goCrypto, 'Go', 'golang.org/x/crypto', '0.0.0-20200220183623-bac4c82f6975')).toBe(false);
    expect(isVersionAffected(goCrypto, 'Go', 'golang.org/x/crypto', '0.1.0')).toBe(false);
  });

  it('uses Maven ordering for Maven records', () => {
    const id = 'com.fasterxml.jackson.core:jackson-databind';
    expect(isVersionAffected(jackson, 'Maven', id, '2.9.10.7')).toBe(true);
    expect(isVersionAffected(jackson, 'Maven', id, '2.9.10.8')).toBe(false);
    expect(isVersionAffected(jackson, 'Maven', id, '2.12.7')).toBe(true);
    expect(isVersionAffected(jackson, 'Maven', id, '2.12.7.1')).toBe(false);
    expect(isVersionAffected(jackson, 'Maven', id, '2.13.4')).toBe(true);
    expect(isVersionAffected(jackson, 'Maven', id, '2.13.4.2')).toBe(false);
    expect(isVersionAffected(jackson, 'Maven', id, '2.14.0-rc1')).toBe(false);
    expect(isVersionAffected(jackson, 'Maven', id, '2.3.0')).toBe(false);
  });

  it('never throws and treats unreadable versions as unaffected unless listed', () => {
    expect(isVersionAffected(lodash, 'npm', 'lodash', 'not-a-version')).toBe(false);
    expect(isVersionAffected(lodash, 'npm', 'lodash', '')).toBe(false);
    const listed: OsvVulnerability = {
      ...base,
      id: 'OSV-test-listed',
      affected: [{ package: { ecosystem: 'npm', name: 'w' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }] }], versions: ['weird-build'] }],
    };
    expect(isVersionAffected(listed, 'npm', 'w', 'weird-build')).toBe(true);
    expect(isVersionAffected(listed, 'npm', 'w', 'other-weird')).toBe(false);
    const broken = {
      id: 'OSV-broken',
      modified: 'x',
      affected: [
        null,
        { package: null },
        { package: { ecosystem: 'npm', name: 'b' }, ranges: 'nope', versions: 'nope' },
        { package: { ecosystem: 'npm', name: 'b' }, ranges: [null, { type: 'ECOSYSTEM', events: 'nope' }, { type: 'ECOSYSTEM', events: [null, {}, { introduced: 5 }] }] },
      ],
    } as unknown as OsvVulnerability;
    expect(() => isVersionAffected(broken, 'npm', 'b', '1.0.0')).not.toThrow();
    expect(isVersionAffected(broken, 'npm', 'b', '1.0.0')).toBe(false);
    expect(fixedVersions(broken, 'npm', 'b')).toEqual([]);
    expect(lowestFixedAbove(broken, 'npm', 'b', '1.0.0')).toBeUndefined();
    expect(isVersionAffected({ id: 'x', modified: 'y' }, 'npm', 'b', '1.0.0')).toBe(false);
  });

  it('reads an unreadable event version as beyond every version, as osv.dev does', () => {
    const odd: OsvVulnerability = {
      ...base,
      id: 'OSV-test-odd',
      affected: [
        { package: { ecosystem: 'npm', name: 'f' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '1.0.0' }, { fixed: 'next' }] }] },
        { package: { ecosystem: 'npm', name: 'g' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: 'someday' }] }] },
      ],
    };
    expect(isVersionAffected(odd, 'npm', 'f', '0.9.0')).toBe(false);
    expect(isVersionAffected(odd, 'npm', 'f', '5.0.0')).toBe(true);
    expect(isVersionAffected(odd, 'npm', 'g', '5.0.0')).toBe(false);
  });
});

describe('fixedVersions', () => {
  it('lists every fix ascending in the ecosystem ordering, once each', () => {
    expect(fixedVersions(jackson, 'Maven', 'com.fasterxml.jackson.core:jackson-databind')).toEqual(['2.9.10.8', '2.10.5.1', '2.12.7.1', '2.13.4.1']);
    expect(fixedVersions(django, 'PyPI', 'django')).toEqual(['3.2.14', '4.0.6']);
    expect(fixedVersions(ruamel, 'PyPI', 'ruamel.yaml')).toEqual(['0.15.80', '0.16.3']);
    expect(fixedVersions(lodash, 'npm', 'lodash')).toEqual(['4.17.21']);
    expect(fixedVersions(crate, 'crates.io', 'atty')).toEqual([]);
    const dup: OsvVulnerability = {
      ...base,
      id: 'OSV-test-dup',
      affected: [
        { package: { ecosystem: 'npm', name: 'd' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.10.0' }] }] },
        { package: { ecosystem: 'npm', name: 'd' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.10.0' }, { introduced: '1.0.0-rc.1' }, { fixed: '1.9.0' }] }] },
      ],
    };
    expect(fixedVersions(dup, 'npm', 'd')).toEqual(['1.9.0', '1.10.0']);
  });
});

describe('lowestFixedAbove', () => {
  const id = 'com.fasterxml.jackson.core:jackson-databind';

  it('picks the nearest fix of a range that affects the version', () => {
    expect(lowestFixedAbove(jackson, 'Maven', id, '2.9.1')).toBe('2.9.10.8');
    // 2.10.3 lies in two ranges (fixed 2.12.7.1 and fixed 2.10.5.1): the lower fix wins
    expect(lowestFixedAbove(jackson, 'Maven', id, '2.10.3')).toBe('2.10.5.1');
    expect(lowestFixedAbove(jackson, 'Maven', id, '2.11.0')).toBe('2.12.7.1');
    expect(lowestFixedAbove(jackson, 'Maven', id, '2.13.1')).toBe('2.13.4.1');
    expect(lowestFixedAbove(django, 'PyPI', 'django', '4.0.1')).toBe('4.0.6');
    expect(lowestFixedAbove(ruamel, 'PyPI', 'ruamel-yaml', '0.16.0')).toBe('0.16.3');
    expect(lowestFixedAbove(goCrypto, 'Go', 'golang.org/x/crypto', '0.0.0-20190308221718-c2843e01d9a2')).toBe('0.0.0-20200220183623-bac4c82f6975');
  });

  it('is undefined when the version is not affected or no fix exists', () => {
    expect(lowestFixedAbove(jackson, 'Maven', id, '2.14.0')).toBeUndefined();
    expect(lowestFixedAbove(django, 'PyPI', 'django', '3.1')).toBeUndefined();
    expect(lowestFixedAbove(crate, 'crates.io', 'atty', '0.2.0')).toBeUndefined();
    expect(lowestFixedAbove(lodash, 'npm', 'lodash', 'garbage')).toBeUndefined();
  });
});
