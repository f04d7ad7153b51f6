/**
 * Gradle dependency locks: `gradle.lockfile` / `<name>-gradle.lockfile`
 * (`group:artifact:version=conf1,conf2`) and the older per-configuration files
 * `gradle/dependency-locks/<conf>.lockfile` (`group:artifact:version`).
 *
 * - Names are Maven coordinates `group:artifact`.
 * - A package used only by test configurations (`testRuntimeClasspath`,
 *   `androidTestImplementation`, `testFixtures…`) is `dev: true`.
 * - The lockfile does not say which dependencies the build declares: `direct: false`.
 * - `#` comments and the `empty=` line are skipped.
 */
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { fileName } from '../shared.js';

const MAX_LINE = 4096;
const ENTRY = /^([^:\s=]+):([^:\s=]+):([^:\s=]+)(?:=(\S*))?$/;

function isTestConfiguration(configuration: string): boolean {
  return /^test|Test/.test(configuration);
}

function devOf(configurations: string | undefined, path: string): boolean | undefined {
  if (configurations === undefined) {
    const file = fileName(path);
    return path.includes('dependency-locks') ? isTestConfiguration(file) : undefined;
  }
  const list = configurations.split(',').filter((c) => c.length > 0);
  return list.length > 0 ? list.every(isTestConfiguration) : undefined;
}

export const extractor: Extractor = {
  id: 'gradle-lockfile',
  docs: {
    files: '`gradle.lockfile`, `*-gradle.lockfile`, `gradle/dependency-locks/*.lockfile`',
    notes: 'Maven coordinates; test-only configurations are dev',
  },
  ecosystem: 'Maven',
  matches(path: string): boolean {
    const name = fileName(path);
    if (!name.endsWith('.lockfile')) return false;
    return name === 'gradle.lockfile' || name.endsWith('-gradle.lockfile') || /(?:^|\/)gradle\/dependency-locks\/[^/]+\.lockfile$/.test(path.replace(/\\/g, '/'));
  },
  extract(path: string, text: string): ExtractResult {
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const [index, raw] of text.split('\n').entries()) {
      const line = raw.slice(0, MAX_LINE).trim();
      if (line.length === 0 || line.startsWith('#') || line.startsWith('empty=')) continue;
      const match = ENTRY.exec(line);
      const [, group, artifact, version, configurations] = match ?? [];
      if (!group || !artifact || !version) {
        warnings.push(`${path}:${index + 1}: cannot parse lock entry "${line.slice(0, 200)}"`);
        continue;
      }
      const dev = devOf(configurations, path);
      packages.push({
        ecosystem: 'Maven', name: `${group}:${artifact}`, version, direct: false, path, line: index + 1,
        source: 'registry', ...(dev === undefined ? {} : { dev }),
      });
    }
    return { kind: 'lockfile', packages, warnings };
  },
  // A dependency only test configurations use is dev; the lockfile does not say what is direct.
  examples: [{ path: 'app/gradle.lockfile', text: '# This is a Gradle generated file for dependency locking.\ncom.google.guava:guava:33.0.0-jre=compileClasspath,runtimeClasspath\njunit:junit:4.13.2=testCompileClasspath,testRuntimeClasspath\nempty=annotationProcessor\n', packages: ['com.google.guava:guava@33.0.0-jre indirect prod line 2', 'junit:junit@4.13.2 indirect dev line 3'] }],
};
