import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/core/findings.js';
import { DEPENDENCY_UPGRADE_FIXER } from '../../../src/services/fixes/dependencies.js';
import {
  editCargoToml,
  editComposerJson,
  editGemfile,
  editGoMod,
  editPackageJson,
  editPipfile,
  editPomXml,
  editPyproject,
  editRequirements,
  applyReplacements,
  type EditResult,
} from '../../../src/services/fixes/dependency-edits.js';
import { selectFixer } from '../../../src/services/fixes/registry.js';
import type { FixChange } from '../../../src/services/fixes/types.js';
import { memorySnapshot } from './helpers.js';

function vulnFinding(name: string, version: string, advisory: string, path: string, fixed: string | undefined): Finding {
  return {
    id: 'DEP-TEST01',
    category: 'supply_chain',
    severity: 'HIGH',
    title: `${name}@${version}: ${advisory}`,
    description: `Something bad. ${name} ${version} is affected by ${advisory}. References: https://example.test/${advisory}`,
    evidence: `${name}@${version}`,
    location: { target: 'acme/app', path, line: 3, column: 1, url: null, method: null },
    scanner_name: 'supply_chain',
    remediation:
      fixed === undefined
        ? `No fixed version of ${name} is published for ${advisory}. Remove or replace the package.`
        : `${advisory} is fixed in ${fixed}: upgrade ${name} from ${version} to ${fixed} or later.`,
    confidence: 0.95,
    owasp_categories: ['A06:2021'],
    rule_id: 'known-vulnerability',
  };
}

const after = (text: string, result: EditResult): string => {
  if (result.kind !== 'edit') throw new Error(JSON.stringify(result));
  return applyReplacements(text, result.replacements);
};

describe('manifest edits keep every other byte', () => {
  it('package.json: every dependency section, keeping the operator; overrides and other packages untouched', () => {
    const text = '{\r\n  "dependencies": {\r\n    "lodash": "^4.17.20",\r\n    "@s/a": "~1.0.0"\r\n  },\r\n  "devDependencies": { "lodash": "4.17.20" },\r\n  "overrides": { "lodash": "4.17.0" }\r\n}';
    expect(after(text, editPackageJson(text, 'lodash', '4.17.21'))).toBe(text.replace('"^4.17.20"', '"^4.17.21"').replace('{ "lodash": "4.17.20" }', '{ "lodash": "4.17.21" }'));
    expect(after(text, editPackageJson(text, '@s/a', '1.0.5'))).toBe(text.replace('~1.0.0', '~1.0.5'));
    expect(editPackageJson(text, '@s/a', '0.9.0')).toEqual({ kind: 'already', declared: '~1.0.0' });
    expect(editPackageJson(text, 'minimist', '1.2.6')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/not declared/) });
    expect(editPackageJson('{"dependencies":{"x":"1.x || >=3"}}', 'x', '3.1.0')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/"1\.x \|\| >=3"/) });
  });

  it('package.json: a package declared under an npm alias has the spec after the @ raised; a key that aliases another package is left', () => {
    const text = '{"dependencies": {"legacy-lodash": "npm:lodash@^4.17.4", "lodash": "npm:lodash-es@4.17.0", "@babel/code-frame": "npm:@babel/code-frame@~7.0.0"}}';
    const edited = editPackageJson(text, 'lodash', '4.17.21');
    expect(after(text, edited)).toBe(text.replace('npm:lodash@^4.17.4', 'npm:lodash@^4.17.21'));
    expect(edited).toMatchObject({ kind: 'edit', replacements: [{ before: '^4.17.4', after: '^4.17.21' }] });
    expect(after(text, editPackageJson(text, '@babel/code-frame', '7.0.1'))).toBe(text.replace('~7.0.0', '~7.0.1'));
    expect(editPackageJson(text, 'lodash-es', '4.17.0')).toEqual({ kind: 'already', declared: '4.17.0' });
    expect(editPackageJson('{"dependencies": {"lodash": "npm:lodash-es@4.17.0"}}', 'lodash', '4.17.21')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/not declared/) });
  });

  it('requirements: pins, floors with an upper bound, extras, markers and comments; PEP 503 names', () => {
    const text = '# pins\r\nrequests==2.28.0  # pinned\r\nPyYAML >=3.10, <7 ; python_version > "3"\r\nflask\r\nDjango[argon2]~=3.2.0\r\n';
    expect(after(text, editRequirements(text, 'requests', '2.31.0'))).toBe(text.replace('==2.28.0', '==2.31.0'));
    expect(after(text, editRequirements(text, 'pyyaml', '5.4'))).toBe(text.replace('>=3.10', '>=5.4'));
    expect(after(text, editRequirements(text, 'django', '3.2.25'))).toBe(text.replace('~=3.2.0', '~=3.2.25'));
    expect(editRequirements(text, 'pyyaml', '7.1')).toMatchObject({ kind: 'unsupported' }); // the upper bound excludes the fix
    expect(editRequirements(text, 'flask', '3.0.1')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/without a version/) });
    expect(editRequirements('requests==2.28.0 \\\n    --hash=sha256:abc\n', 'requests', '2.31.0')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/--hash.*pip-compile --generate-hashes/) });
  });

  it('pyproject.toml: PEP 621 arrays and Poetry tables; Pipfile', () => {
    const text = '[project]\ndependencies = [\n  "requests>=2.28.0",\n  "PyYAML==5.1; python_version>\'3\'",\n]\n[project.optional-dependencies]\ndev = ["requests[socks]==2.28.0"]\n[tool.poetry.dependencies]\nrequests = "^2.28"\nflask = { version = "~2.0.1", optional = true }\n';
    expect(after(text, editPyproject(text, 'requests', '2.31.0'))).toBe(
      text.replace('requests>=2.28.0', 'requests>=2.31.0').replace('requests[socks]==2.28.0', 'requests[socks]==2.31.0').replace('"^2.28"', '"^2.31.0"'),
    );
    expect(after(text, editPyproject(text, 'flask', '2.2.5'))).toBe(text.replace('~2.0.1', '~2.2.5'));
    expect(after(text, editPyproject(text, 'pyyaml', '5.4'))).toBe(text.replace('PyYAML==5.1', 'PyYAML==5.4'));
    const pipfile = '[packages]\nrequests = "==2.28.0"\nflask = {version = "*"}\n';
    expect(after(pipfile, editPipfile(pipfile, 'requests', '2.31.0'))).toBe(pipfile.replace('==2.28.0', '==2.31.0'));
    expect(editPipfile(pipfile, 'flask', '2.2.5')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/without a version/) });
  });

  it('go.mod: require blocks and lines, comments kept, +incompatible kept above v1', () => {
    const text = 'module m\n\ngo 1.22\n\nrequire (\n\tgolang.org/x/net v0.17.0 // indirect\n\tgithub.com/a/b v2.0.0+incompatible\n)\n\nrequire github.com/c/d v1.0.0\n';
    expect(after(text, editGoMod(text, 'golang.org/x/net', '0.23.0'))).toBe(text.replace('v0.17.0', 'v0.23.0'));
    expect(after(text, editGoMod(text, 'github.com/a/b', '2.1.0'))).toBe(text.replace('v2.0.0+incompatible', 'v2.1.0+incompatible'));
    expect(after(text, editGoMod(text, 'github.com/c/d', '1.0.1'))).toBe(text.replace('v1.0.0', 'v1.0.1'));
    expect(editGoMod(text, 'github.com/c/d', '0.9.0')).toMatchObject({ kind: 'already' });
  });

  it('Cargo.toml, Gemfile, composer.json and pom.xml (a property the version reads)', () => {
    const cargo = '[dependencies]\ntokio = { version = "1.8", features = ["full"] }\n[dev-dependencies.regex]\nversion = "1.5.4"\n[target.\'cfg(unix)\'.dependencies]\ntokio = "~1.8.1"\n';
    expect(after(cargo, editCargoToml(cargo, 'tokio', '1.8.4'))).toBe(cargo.replace('"1.8"', '"1.8.4"').replace('~1.8.1', '~1.8.4'));
    expect(after(cargo, editCargoToml(cargo, 'regex', '1.5.5'))).toBe(cargo.replace('1.5.4', '1.5.5'));
    const gemfile = "gem 'rack', '~> 2.0.8'\ngem \"rails\"\n";
    expect(after(gemfile, editGemfile(gemfile, 'rack', '2.0.9.4'))).toBe(gemfile.replace('~> 2.0.8', '~> 2.0.9.4'));
    expect(editGemfile(gemfile, 'rails', '7.0.1')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/bundle update --conservative rails/) });
    const composer = '{"require": {"php": ">=8", "guzzlehttp/guzzle": "^7.4"}}';
    expect(after(composer, editComposerJson(composer, 'guzzlehttp/guzzle', '7.4.5'))).toBe(composer.replace('^7.4', '^7.4.5'));
    const pom =
      '<project>\n  <properties>\n    <log4j.version>2.14.1</log4j.version>\n  </properties>\n  <dependencies>\n    <dependency>\n      <groupId>org.apache.logging.log4j</groupId>\n      <artifactId>log4j-core</artifactId>\n      <version>${log4j.version}</version>\n    </dependency>\n    <dependency><groupId>a</groupId><artifactId>b</artifactId><version>1.0</version></dependency>\n  </dependencies>\n</project>\n';
    expect(after(pom, editPomXml(pom, 'org.apache.logging.log4j:log4j-core', '2.15.0'))).toBe(pom.replace('>2.14.1<', '>2.15.0<'));
    expect(after(pom, editPomXml(pom, 'a:b', '1.2'))).toBe(pom.replace('>1.0<', '>1.2<'));
  });
});

describe('dependency-upgrade fixer', () => {
  const fixed = async (finding: Finding, files: Record<string, string>): Promise<FixChange> => {
    const outcome = await selectFixer(finding).fix(finding, memorySnapshot(files));
    if (outcome.kind !== 'fixed') throw new Error(outcome.reason);
    return outcome.change;
  };

  it('is selected by rule for any package title, and names what it needs', () => {
    expect(selectFixer(vulnFinding('lodash', '4.17.20', 'CVE-2021-23337', 'package.json', '4.17.21')).id).toBe('dependency-upgrade');
    const noRule: Finding = { ...vulnFinding('@scope/pkg', '1.0.0', 'GHSA-aaaa-bbbb-cccc', 'package.json', '1.0.1'), rule_id: undefined };
    expect(selectFixer(noRule).id).toBe('dependency-upgrade');
    const noPath = { ...noRule, location: { target: 'acme/app', url: null, method: null } };
    expect(() => selectFixer(noPath)).toThrow(/^Finding incomplete: finding\.location\.path/);
  });

  it('edits package.json for a finding that points at the lockfile, and says how to regenerate it', async () => {
    const manifest = '{\n  "dependencies": {\n    "lodash": "4.17.20"\n  }\n}\n';
    const change = await fixed(vulnFinding('lodash', '4.17.20', 'CVE-2021-23337', 'web/package-lock.json', '4.17.21'), {
      'web/package.json': manifest,
      'web/package-lock.json': '{}',
    });
    expect(change.patch.path).toBe('web/package.json');
    expect(change.patch.content.toString()).toBe(manifest.replace('4.17.20', '4.17.21'));
    expect(change.prTitle).toBe('Upgrade lodash to 4.17.21 (CVE-2021-23337)');
    expect(change.summary).toBe('Raised lodash from 4.17.20 to 4.17.21 in `web/package.json` (`4.17.20` → `4.17.21` (line 3)), fixing CVE-2021-23337.');
    expect(change.advice).toMatch(/web\/package-lock\.json: `npm install --package-lock-only`/);
    expect(change.prSections.join('\n')).toContain('cd web && npm install --package-lock-only   # updates package-lock.json');
  });

  it('edits a requirements file in place, with no lockfile to regenerate, and flags a major upgrade', async () => {
    const change = await fixed(vulnFinding('pyyaml', '3.13', 'CVE-2017-18342', 'requirements/base.txt', '4.1'), { 'requirements/base.txt': 'PyYAML==3.13\n' });
    expect(change.patch.content.toString()).toBe('PyYAML==4.1\n');
    expect(change.advice).toMatch(/^No lockfile to regenerate; this is a major version upgrade/);
    expect(change.prSections.join('\n')).toMatch(/\*\*major version upgrade\*\* \(3\.13 → 4\.1\)/);
  });

  it('says the finding is gone when the manifest already excludes the version, and refuses transitive or unfixed packages', async () => {
    const repo = memorySnapshot({ 'package.json': '{"dependencies":{"lodash":"^4.17.21"}}', 'yarn.lock': '' });
    const gone = await DEPENDENCY_UPGRADE_FIXER.fix(vulnFinding('lodash', '4.17.20', 'CVE-2021-23337', 'yarn.lock', '4.17.21'), repo);
    expect(gone).toEqual({ kind: 'gone', reason: 'package.json on main already requires lodash "^4.17.21", which excludes 4.17.20 (regenerate yarn.lock: `yarn install` if it still holds 4.17.20)' });
    await expect(DEPENDENCY_UPGRADE_FIXER.fix(vulnFinding('minimist', '0.0.8', 'CVE-2020-7598', 'yarn.lock', '1.2.6'), repo)).rejects.toThrow(
      /^Finding not supported: minimist is not declared in package\.json: it is a transitive dependency/,
    );
    await expect(DEPENDENCY_UPGRADE_FIXER.fix(vulnFinding('lodash', '4.17.20', 'CVE-2099-1', 'package.json', undefined), repo)).rejects.toThrow(/no fixed version of lodash/);
    await expect(DEPENDENCY_UPGRADE_FIXER.fix(vulnFinding('stdlib', '1.22.0', 'CVE-2024-1', 'go.mod', '1.22.2'), repo)).rejects.toThrow(/Go standard library/);
    await expect(DEPENDENCY_UPGRADE_FIXER.fix(vulnFinding('org.a:b', '1.0', 'CVE-2024-2', 'gradle.lockfile', '1.1'), repo)).rejects.toThrow(/does not edit the manifest of gradle\.lockfile/);
  });

  it('writes nothing but a version into the manifest, whatever the client sends as the remediation', async () => {
    const repo = memorySnapshot({ 'package.json': '{"dependencies":{"lodash":"4.17.20"}}' });
    const forged = vulnFinding('lodash', '4.17.20', 'CVE-2021-23337', 'package.json', '5.0.0","evil":"1');
    await expect(DEPENDENCY_UPGRADE_FIXER.fix(forged, repo)).rejects.toThrow(/^Finding not supported: the remediation's fixed version .* is not a version/);
  });
});
