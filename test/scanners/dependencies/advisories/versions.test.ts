import { describe, expect, it } from 'vitest';
import type { Ecosystem } from '../../../../src/scanners/dependencies/types.js';
import {
  compareSemver,
  compareVersions,
  isPseudoVersion,
  isValidVersion,
  normalizeComposerVersion,
  phpVersionCompare,
} from '../../../../src/scanners/dependencies/advisories/versions/index.js';

/** Every adjacent pair is strictly ascending, and so is every pair further apart (transitivity). */
function expectAscending(ecosystem: Ecosystem, list: readonly string[]): void {
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i] as string;
      const b = list[j] as string;
      expect([a, b, compareVersions(ecosystem, a, b)]).toEqual([a, b, -1]);
      expect([b, a, compareVersions(ecosystem, b, a)]).toEqual([b, a, 1]);
    }
  }
}

function expectEqual(ecosystem: Ecosystem, ...versions: string[]): void {
  for (const a of versions) for (const b of versions) expect([a, b, compareVersions(ecosystem, a, b)]).toEqual([a, b, 0]);
}

describe('SemVer 2.0.0 (npm, crates.io, SEMVER ranges)', () => {
  it('orders semver.org §11 examples', () => {
    for (const eco of ['npm', 'crates.io'] as const) {
      expectAscending(eco, ['1.0.0', '2.0.0', '2.1.0', '2.1.1']);
      expectAscending(eco, ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0']);
    }
  });

  it('ignores build metadata and tolerates a leading v', () => {
    expectEqual('npm', '1.0.0', 'v1.0.0', '1.0.0+20130313144700', '1.0.0+exp.sha.5114f85');
    expect(compareSemver('1.0.0-beta+exp.sha.5114f85', '1.0.0-beta')).toBe(0);
    expect(compareSemver('v2.0.0', '1.99.99')).toBe(1);
  });

  it('compares numbers of any size numerically, not lexically', () => {
    expect(compareSemver('1.10.0', '1.9.0')).toBe(1);
    expect(compareSemver('1.0.0-alpha.99999999999999999999', '1.0.0-alpha.99999999999999999998')).toBe(1);
    expect(compareSemver('1.0.0-alpha.10', '1.0.0-alpha.9')).toBe(1);
    // numeric identifiers sort below alphanumeric ones
    expect(compareSemver('1.0.0-1', '1.0.0-a')).toBe(-1);
    // ASCII order: upper case before lower case
    expect(compareSemver('1.0.0-RC.1', '1.0.0-alpha')).toBe(-1);
  });

  it('rejects what is not a version', () => {
    for (const bad of ['', 'latest', '1.0.0.0', '1.0.0-alpha_beta', '^1.2.3', '1.2.x', ' 1.0.0', 'V1.0.0']) {
      expect([bad, isValidVersion('npm', bad)]).toEqual([bad, false]);
      expect(compareSemver(bad, '1.0.0')).toBeUndefined();
    }
    expect(isValidVersion('crates.io', '0.4.0-rc.1+build.2')).toBe(true);
  });
});

describe('Go module versions', () => {
  it('orders pseudo-versions around their base versions', () => {
    expectAscending('Go', [
      '0.0.0-20191109021931-daa7c04131f5',
      '0.0.0-20200101000000-0123456789ab',
      '0.0.1',
      '1.2.3',
      '1.2.4-0.20191109021931-daa7c04131f5',
      '1.2.4-pre',
      '1.2.4-pre.0.20191109021931-daa7c04131f5',
      '1.2.4',
      '2.0.0+incompatible',
      '2.0.1',
    ]);
  });

  it('accepts the v prefix and ignores +incompatible', () => {
    expectEqual('Go', '1.2.3', 'v1.2.3');
    expectEqual('Go', '2.3.4+incompatible', 'v2.3.4+incompatible', '2.3.4');
    expect(compareVersions('Go', 'v0.0.0-20191109021931-daa7c04131f5', '0.0.0-20191109021931-daa7c04131f5')).toBe(0);
  });

  it('recognises pseudo-versions', () => {
    expect(isPseudoVersion('0.0.0-20191109021931-daa7c04131f5')).toBe(true);
    expect(isPseudoVersion('v1.2.4-0.20191109021931-daa7c04131f5')).toBe(true);
    expect(isPseudoVersion('1.2.4-pre.0.20191109021931-daa7c04131f5+incompatible')).toBe(true);
    expect(isPseudoVersion('1.2.4')).toBe(false);
    expect(isPseudoVersion('1.2.4-beta.1')).toBe(false);
    expect(isValidVersion('Go', 'master')).toBe(false);
  });
});

describe('PEP 440 (PyPI)', () => {
  it('orders the example from PEP 440 "Summary of permitted suffixes and relative ordering"', () => {
    expectAscending('PyPI', [
      '1.dev0',
      '1.0.dev456',
      '1.0a1',
      '1.0a2.dev456',
      '1.0a12.dev456',
      '1.0a12',
      '1.0b1.dev456',
      '1.0b2',
      '1.0b2.post345.dev456',
      '1.0b2.post345',
      '1.0rc1.dev456',
      '1.0rc1',
      '1.0',
      '1.0+abc.5',
      '1.0+abc.7',
      '1.0+5',
      '1.0.post456.dev34',
      '1.0.post456',
      '1.0.15',
      '1.1.dev1',
    ]);
  });

  it('normalises spellings', () => {
    expectEqual('PyPI', '1.0rc1', '1.0RC1', '1.0c1', '1.0-rc.1', '1.0_rc_1', '1.0pre1', '1.0preview1', 'v1.0rc1', ' 1.0rc1 ');
    expectEqual('PyPI', '1', '1.0', '1.0.0', '1.0.0.0');
    expectEqual('PyPI', '1.0a', '1.0a0', '1.0alpha0', '1.0.alpha.0');
    expectEqual('PyPI', '1.0.post1', '1.0-1', '1.0-post1', '1.0.rev1', '1.0r1', '1.0.POST1');
    expectEqual('PyPI', '1.0.post', '1.0.post0');
    expectEqual('PyPI', '1.0.dev', '1.0.dev0', '1.0-dev0');
    expectEqual('PyPI', '1.0+ubuntu-1', '1.0+ubuntu.1', '1.0+UBUNTU_1');
  });

  it('sorts epochs first and compares numbers numerically', () => {
    expectAscending('PyPI', ['2.0', '2013.10', '1!0.1', '1!1.0']);
    expectAscending('PyPI', ['1.9', '1.10', '1.10.1']);
    expect(compareVersions('PyPI', '1.0+abc', '1.0+1')).toBe(-1);
  });

  it('rejects legacy and garbage versions', () => {
    for (const bad of ['2.0b1-dev-r123', 'not-a-version', '1.0+', '1.0.x', '', 'dev']) expect([bad, isValidVersion('PyPI', bad)]).toEqual([bad, false]);
  });
});

describe('Maven', () => {
  it('orders qualifiers alpha < beta < milestone < rc < snapshot < release < sp < unknown', () => {
    expectAscending('Maven', ['1-alpha', '1-alpha-2', '1-beta', '1-milestone', '1-rc', '1-snapshot', '1', '1-sp', '1-foo', '1-1', '1.1']);
  });

  it('follows the POM reference version-order examples', () => {
    expect(compareVersions('Maven', '1', '1.1')).toBe(-1);
    expectAscending('Maven', ['1-snapshot', '1', '1-sp']);
    expect(compareVersions('Maven', '1-foo2', '1-foo10')).toBe(-1);
    expectEqual('Maven', '1.foo', '1-foo');
    expectAscending('Maven', ['1-foo', '1-1', '1.1']);
    expectEqual('Maven', '1.ga', '1-ga', '1-0', '1.0', '1', '1.0.0', '1.FINAL', '1.RELEASE');
    expect(compareVersions('Maven', '1-sp', '1-ga')).toBe(1);
    expect(compareVersions('Maven', '1-sp.1', '1-ga.1')).toBe(1);
    expect(compareVersions('Maven', '1-sp-1', '1-ga-1')).toBe(-1);
    expectEqual('Maven', '1-ga-1', '1-1');
    expectEqual('Maven', '1-a1', '1-alpha-1', '1-ALPHA1');
    expectEqual('Maven', '1-1.foo-bar1baz-.1', '1-1.foo-bar-1-baz-0.1');
    expectEqual('Maven', '1.0-RC1', '1.0-cr1', '1.0-rc-1');
  });

  it('orders real artifact versions', () => {
    // log4j-core, jackson-databind, spring-framework and hibernate styles
    expectAscending('Maven', ['2.0-beta9', '2.0-rc1', '2.0', '2.14.1', '2.15.0', '2.16.0', '2.17.1']);
    expectAscending('Maven', ['2.9.10', '2.9.10.1', '2.9.10.8', '2.10.0', '2.12.7', '2.12.7.1']);
    // Unknown qualifiers sort after the release: Maven itself ranks jackson's 2.10.0.pr1 above 2.10.0.
    expect(compareVersions('Maven', '2.10.0.pr1', '2.10.0')).toBe(1);
    expect(compareVersions('Maven', '2.10.0.pr1', '2.10.1')).toBe(-1);
    expectAscending('Maven', ['5.3.0-M1', '5.3.0-RC2', '5.3.0-SNAPSHOT', '5.3.0', '5.3.18']);
    expectAscending('Maven', ['5.4.24.Final', '5.4.24.SP1', '5.6.0.Beta1', '5.6.0.CR1', '5.6.0.Final']);
    expect(compareVersions('Maven', '1.10', '1.9')).toBe(1);
  });

  it('does not read an empty string', () => {
    expect(isValidVersion('Maven', '')).toBe(false);
    expect(isValidVersion('Maven', '1.0.0-jre')).toBe(true);
  });
});

describe('RubyGems', () => {
  it('orders the Gem::Version documentation example', () => {
    expectAscending('RubyGems', ['0.9', '1.0.a.2', '1.0.b1', '1.0', '1.0.1']);
  });

  it('treats letters as prereleases and a dash as .pre.', () => {
    expectAscending('RubyGems', ['5.2.0.beta1', '5.2.0.beta2', '5.2.0.rc1', '5.2.0', '5.2.1', '5.10.0']);
    expectAscending('RubyGems', ['1.0.a9', '1.0.a10']);
    expectEqual('RubyGems', '1.0-1', '1.0.pre.1');
    expect(compareVersions('RubyGems', '1.0-1', '1.0')).toBe(-1);
  });

  it('ignores trailing zeros in both parts', () => {
    expectEqual('RubyGems', '1', '1.0', '1.0.0');
    expectEqual('RubyGems', '1.0.a', '1.a', '1.a.0');
  });

  it('rejects malformed versions', () => {
    for (const bad of ['', 'a.b', '1..0', '1.0.', '=1.0', '~> 1.0']) expect([bad, isValidVersion('RubyGems', bad)]).toEqual([bad, false]);
    expect(isValidVersion('RubyGems', '2.0.0.rc1')).toBe(true);
  });
});

describe('Packagist (Composer)', () => {
  it('orders stabilities dev < alpha < beta < RC < stable < patch', () => {
    expectAscending('Packagist', ['1.0.0-dev', '1.0.0-alpha1', '1.0.0-alpha2', '1.0.0-beta1-dev', '1.0.0-beta1', '1.0.0-beta2', '1.0.0-RC1', '1.0.0', '1.0.0-patch1', '1.0.1']);
    expectAscending('Packagist', ['2.4.9', '2.4.10', '2.5.0', 'v3.0.0', '3.0.0.1']);
  });

  it('normalises like Composer', () => {
    expect(normalizeComposerVersion('1.2')).toBe('1.2.0.0');
    expect(normalizeComposerVersion('v2.0.0-RC2')).toBe('2.0.0.0-RC2');
    expect(normalizeComposerVersion('1.0.0-beta.1')).toBe('1.0.0.0-beta1');
    expect(normalizeComposerVersion('1.0.0-b2')).toBe('1.0.0.0-beta2');
    expect(normalizeComposerVersion('1.0.0-pl3')).toBe('1.0.0.0-patch3');
    expect(normalizeComposerVersion('1.0.0-stable')).toBe('1.0.0.0');
    expect(normalizeComposerVersion('1.0.0+build.5')).toBe('1.0.0.0');
    expect(normalizeComposerVersion('20240101')).toBe('20240101');
    expect(normalizeComposerVersion('dev-main')).toBeUndefined();
    expect(normalizeComposerVersion('1.x-dev')).toBeUndefined();
    expectEqual('Packagist', '1.2', '1.2.0', 'v1.2.0.0', '1.2.0-stable');
    expectEqual('Packagist', '1.0.0-rc1', '1.0.0-RC1', '1.0.0RC1');
    expectEqual('Packagist', '1.0.0-b2', '1.0.0-beta2');
  });

  it("matches PHP's version_compare on its documented behaviour", () => {
    expect(phpVersionCompare('5.2', '5.2.0')).toBe(-1);
    expect(phpVersionCompare('4.3.2RC1', '4.3.2')).toBe(-1);
    expect(phpVersionCompare('1.0pl1', '1.0')).toBe(1);
    expect(phpVersionCompare('1.0.0-dev', '1.0.0-alpha')).toBe(-1);
  });

  it('rejects branches and garbage', () => {
    for (const bad of ['dev-master', 'dev-feature/x', '1.0.x-dev', '', 'latest']) expect([bad, isValidVersion('Packagist', bad)]).toEqual([bad, false]);
  });
});

describe('NuGet', () => {
  it('orders the package-versioning documentation example', () => {
    expectAscending('NuGet', ['1.0.1-aaa', '1.0.1-alpha10', '1.0.1-alpha2', '1.0.1-beta', '1.0.1-open', '1.0.1-rc.2', '1.0.1-rc.10', '1.0.1-zzz', '1.0.1']);
  });

  it('normalises parts, leading zeros and case', () => {
    expectEqual('NuGet', '1', '1.0', '1.0.0', '1.0.0.0', '1.00.0', '1.0.0+githash');
    expectEqual('NuGet', '1.01.1', '1.1.1');
    expectEqual('NuGet', '1.0.0-Beta', '1.0.0-beta', '1.0.0-BETA');
    expectAscending('NuGet', ['4.0.0', '4.0.0.1-beta', '4.0.0.1', '4.0.0.10', '4.0.1']);
  });

  it('rejects what is not a version', () => {
    for (const bad of ['', '1.0.0.0.0', '1.0.0-', '[1.0,2.0)', 'abc']) expect([bad, isValidVersion('NuGet', bad)]).toEqual([bad, false]);
  });
});

describe('compareVersions', () => {
  it('is undefined when either side does not parse, and never throws', () => {
    expect(compareVersions('npm', '1.0.0', 'nope')).toBeUndefined();
    expect(compareVersions('PyPI', 'nope', '1.0')).toBeUndefined();
    expect(compareVersions('Unknown' as Ecosystem, '1.0', '1.0')).toBeUndefined();
    expect(() => compareVersions('Maven', undefined as unknown as string, '1')).not.toThrow();
  });
});
