import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/gradle-lockfile/index.js';

const fixture = readFileSync(new URL('./gradle.lockfile', import.meta.url), 'utf8');
const PATH = 'app/gradle.lockfile';

describe('gradle-lockfile extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches gradle lockfiles only', () => {
    expect(extractor.matches('app/gradle.lockfile')).toBe(true);
    expect(extractor.matches('buildscript-gradle.lockfile')).toBe(true);
    expect(extractor.matches('gradle/dependency-locks/compileClasspath.lockfile')).toBe(true);
    expect(extractor.matches('yarn.lock')).toBe(false);
    expect(extractor.matches('other.lockfile')).toBe(false);
  });

  it('reads coordinates, versions and lines', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(result.packages).toHaveLength(5);
    expect(byName.get('com.google.guava:guava')).toEqual({
      ecosystem: 'Maven', name: 'com.google.guava:guava', version: '32.1.3-jre', direct: false, dev: false,
      path: PATH, line: 5, source: 'registry',
    });
  });

  it('marks packages used only by test configurations as dev', () => {
    expect(byName.get('com.fasterxml.jackson.core:jackson-databind')).toMatchObject({ dev: false, line: 4 });
    expect(byName.get('org.junit.jupiter:junit-jupiter-api')).toMatchObject({ dev: true, line: 7 });
    expect(byName.get('org.mockito:mockito-core')).toMatchObject({ dev: true, line: 8 });
  });

  it('reads the legacy per-configuration format', () => {
    const legacy = extractor.extract('gradle/dependency-locks/testRuntimeClasspath.lockfile', '# x\njunit:junit:4.13.2\n');
    expect(legacy.packages).toEqual([expect.objectContaining({ name: 'junit:junit', version: '4.13.2', dev: true, line: 2 })]);
  });

  it('turns a broken line into one warning', () => {
    const broken = extractor.extract(PATH, '<html>not a lockfile</html>\n');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toEqual([expect.stringMatching(/^app\/gradle\.lockfile:1: /)]);
  });
});
