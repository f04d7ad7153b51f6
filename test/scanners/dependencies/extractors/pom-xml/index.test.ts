import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/pom-xml/index.js';

const fixture = readFileSync(new URL('./pom.xml', import.meta.url), 'utf8');
const PATH = 'api/pom.xml';

describe('pom-xml extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches pom.xml', () => {
    expect(extractor.matches('api/pom.xml')).toBe(true);
    expect(extractor.matches('build.gradle')).toBe(false);
  });

  it('reads direct dependencies with property-resolved versions and lines', () => {
    expect(result).toMatchObject({ kind: 'manifest', warnings: [] });
    expect(byName.get('com.fasterxml.jackson.core:jackson-databind')).toEqual({
      ecosystem: 'Maven', name: 'com.fasterxml.jackson.core:jackson-databind', version: '2.16.1',
      requirement: '2.16.1', direct: true, dev: false, path: PATH, line: 31, source: 'registry',
    });
    expect(byName.get('org.apache.logging.log4j:log4j-core')).toMatchObject({ version: '2.17.1', line: 37 });
  });

  it('resolves project properties from the parent and managed versions', () => {
    expect(byName.get('com.example:ledger-model')).toMatchObject({ version: '2.4.0', line: 42 });
    expect(byName.get('org.yaml:snakeyaml')).toMatchObject({ version: '2.2', line: 47 });
  });

  it('keeps ranges and unresolved placeholders as requirements only', () => {
    const guava = byName.get('com.google.guava:guava');
    expect(guava).toMatchObject({ requirement: '[32.0,33.0)', line: 51 });
    expect(guava?.version).toBeUndefined();
    const unknown = byName.get('com.example:unknown-version');
    expect(unknown).toMatchObject({ requirement: '${undefined.property}', line: 62 });
    expect(unknown?.version).toBeUndefined();
  });

  it('marks test scope as dev and ignores comments and plugin dependencies', () => {
    expect(byName.get('org.junit.jupiter:junit-jupiter')).toMatchObject({ version: '5.10.2', dev: true, line: 56 });
    expect(byName.has('commented:out')).toBe(false);
    expect(byName.has('org.ow2.asm:asm')).toBe(false);
    expect(result.packages).toHaveLength(7);
  });

  it('turns malformed XML into one warning', () => {
    const broken = extractor.extract(PATH, '<project><dependencies><dependency></dependencies></project>');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(extractor.extract(PATH, '<settings/>').warnings).toHaveLength(1);
    expect(() => extractor.extract(PATH, '<'.repeat(50_000))).not.toThrow();
  });

  it('reads every profile\'s dependencies, with the profile\'s properties and managed versions over the project\'s', () => {
    const pom = [
      '<project>',
      '  <properties><log4j.version>2.17.1</log4j.version></properties>',
      '  <dependencyManagement><dependencies>',
      '    <dependency><groupId>org.yaml</groupId><artifactId>snakeyaml</artifactId><version>1.33</version></dependency>',
      '  </dependencies></dependencyManagement>',
      '  <dependencies>',
      '    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-api</artifactId><version>${log4j.version}</version></dependency>',
      '  </dependencies>',
      '  <profiles>',
      '    <profile>',
      '      <id>legacy</id>',
      '      <properties><log4j.version>2.14.1</log4j.version></properties>',
      '      <dependencies>',
      '        <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-core</artifactId><version>${log4j.version}</version></dependency>',
      '        <dependency><groupId>org.yaml</groupId><artifactId>snakeyaml</artifactId></dependency>',
      '      </dependencies>',
      '    </profile>',
      '    <profile><id>empty</id></profile>',
      '  </profiles>',
      '</project>',
    ].join('\n');
    const out = extractor.extract(PATH, pom);
    expect(out.warnings).toEqual([]);
    expect(out.packages.map((p) => [p.name, p.version, p.line])).toEqual([
      ['org.apache.logging.log4j:log4j-api', '2.17.1', 7],
      ['org.apache.logging.log4j:log4j-core', '2.14.1', 14],
      ['org.yaml:snakeyaml', '1.33', 15],
    ]);
  });
});
