/**
 * Maven POMs (`pom.xml`): the project's own `<dependencies>` (direct), not those in
 * `<dependencyManagement>` or plugins.
 *
 * - `${name}` placeholders are resolved from `<properties>` and the project (or parent)
 *   `version`/`groupId`/`artifactId`, recursively; an unresolved one leaves no `version`.
 * - A missing version is taken from this POM's `<dependencyManagement>` when present.
 * - A plain version (`1.2.3`) is the `version`; ranges (`[1.0,2.0)`) are `requirement` only.
 * - `test` scope → `dev: true`; `system` scope → `source: 'file'`.
 * - Every `<profile>`'s dependencies are read too (a build may activate any of them), with the
 *   profile's own `<properties>` and `<dependencyManagement>` over the project's.
 */
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { failure, named } from '../shared.js';
import { child, children, childText, parseXml, type XmlElement } from './xml.js';

const MAX_RESOLVE_DEPTH = 10;

function projectProperties(project: XmlElement): Map<string, string> {
  const props = new Map<string, string>();
  const parent = child(project, 'parent');
  for (const key of ['groupId', 'artifactId', 'version']) {
    const value = childText(project, key) ?? childText(parent, key);
    if (value) {
      props.set(`project.${key}`, value);
      props.set(`pom.${key}`, value);
      if (key === 'version') props.set('version', value);
    }
    const parentValue = childText(parent, key);
    if (parentValue) props.set(`project.parent.${key}`, parentValue);
  }
  for (const prop of child(project, 'properties')?.children ?? []) props.set(prop.name, prop.text.trim());
  return props;
}

/** Replaces `${…}` placeholders; undefined when one cannot be resolved. */
function resolve(value: string, props: ReadonlyMap<string, string>): string | undefined {
  let current = value;
  for (let depth = 0; depth < MAX_RESOLVE_DEPTH && current.includes('${'); depth++) {
    let missing = false;
    current = current.replace(/\$\{([^}]{1,200})\}/g, (_, name: string) => {
      const found = props.get(name.trim());
      if (found === undefined) missing = true;
      return found ?? '';
    });
    if (missing) return undefined;
  }
  return current.includes('${') ? undefined : current;
}

function managedVersions(project: XmlElement): Map<string, string> {
  const managed = new Map<string, string>();
  const deps = child(child(project, 'dependencyManagement'), 'dependencies');
  for (const dep of children(deps, 'dependency')) {
    const version = childText(dep, 'version');
    if (version) managed.set(`${childText(dep, 'groupId') ?? ''}:${childText(dep, 'artifactId') ?? ''}`, version);
  }
  return managed;
}

export const extractor: Extractor = {
  id: 'pom-xml',
  docs: {
    files: '`pom.xml`',
    notes: 'direct `<dependencies>` with `${property}` resolution and dependencyManagement versions; the dependencies of every `<profile>` too, with its own properties; test scope is dev',
  },
  ecosystem: 'Maven',
  ...named('pom.xml'),
  extract(path: string, text: string): ExtractResult {
    let project: XmlElement | undefined;
    try {
      project = child(parseXml(text), 'project');
    } catch (error) {
      return failure('manifest', path, `not well-formed XML (${(error as Error).message})`);
    }
    if (!project) return failure('manifest', path, 'no <project> element');
    const props = projectProperties(project);
    const managed = managedVersions(project);
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    readDependencies(path, project, props, managed, packages, warnings);
    for (const profile of children(child(project, 'profiles'), 'profile')) {
      const profileProps = new Map(props);
      for (const prop of child(profile, 'properties')?.children ?? []) profileProps.set(prop.name, prop.text.trim());
      const profileManaged = new Map([...managed, ...managedVersions(profile)]);
      readDependencies(path, profile, profileProps, profileManaged, packages, warnings);
    }
    return { kind: 'manifest', packages, warnings };
  },
  // Placeholders resolve from <properties>; test scope is dev.
  examples: [{ path: 'pom.xml', text: '<project>\n  <properties><guava.version>33.0.0-jre</guava.version></properties>\n  <dependencies>\n    <dependency>\n      <groupId>com.google.guava</groupId>\n      <artifactId>guava</artifactId>\n      <version>${guava.version}</version>\n    </dependency>\n    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      <version>4.13.2</version>\n      <scope>test</scope>\n    </dependency>\n  </dependencies>\n</project>\n', packages: ['com.google.guava:guava@33.0.0-jre direct prod line 4', 'junit:junit@4.13.2 direct dev line 9'] }],
};

/** The `<dependencies>` of a project or a profile. */
function readDependencies(
  path: string,
  owner: XmlElement,
  props: ReadonlyMap<string, string>,
  managed: ReadonlyMap<string, string>,
  packages: ExtractedPackage[],
  warnings: string[],
): void {
  for (const dep of children(child(owner, 'dependencies'), 'dependency')) {
    const group = resolve(childText(dep, 'groupId') ?? '', props);
    const artifact = resolve(childText(dep, 'artifactId') ?? '', props);
    if (!group || !artifact) {
      warnings.push(`${path}:${dep.line}: dependency without a resolvable groupId and artifactId`);
      continue;
    }
    const declared = childText(dep, 'version') ?? managed.get(`${group}:${artifact}`);
    const requirement = declared === undefined ? undefined : resolve(declared, props) ?? declared;
    const version = requirement && !requirement.includes('${') && !/[[\](),]/.test(requirement) ? requirement : undefined;
    const scope = childText(dep, 'scope');
    packages.push({
      ecosystem: 'Maven', name: `${group}:${artifact}`, direct: true, dev: scope === 'test', path, line: dep.line,
      source: scope === 'system' ? 'file' : 'registry',
      ...(version ? { version } : {}),
      ...(requirement ? { requirement } : {}),
    });
  }
}
