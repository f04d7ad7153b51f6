import { OWASP } from '../../../../core/rules.js';
import type { RawFinding, Severity } from '../../../../core/findings.js';
import type { ExtractedPackage } from '../../types.js';
import { popularNpmScopes } from '../popular.js';
import { hostOf, isPublicRegistry, npmRegistryConfig } from '../registries.js';
import { baseName, defineRiskCheck, finding, isThirdParty, lineAt, linesOf, npmScope, ownPackageNames } from '../shared.js';
import type { DependencyFile, RiskContext } from '../types.js';

const NPM_LOCKFILES = new Set(['package-lock', 'yarn-lock', 'pnpm-lock', 'bun-lock']);
const PIP_CONFIG = new Set(['pip.conf', 'pip.ini']);

const EXTRA_INDEX_REMEDIATION =
  'Serve every package from one index: point `--index-url` at a private registry that proxies PyPI and gives your own names precedence (or blocks them upstream), or pin each private package to its index (`uv` with `explicit = true` indexes, Pipfile `index = "…"`, Poetry `priority = "explicit"`), and install with `--require-hashes`. Register your private names on PyPI as placeholders if you cannot.';

interface Where {
  readonly file: { readonly text: string };
  readonly path: string;
  readonly line: number;
}

function pythonFindings(ctx: RiskContext): RawFinding[] {
  const out: RawFinding[] = [];
  const report = (at: Where, severity: Severity, title: string, description: string, key: string, confidence: number, needle?: string) =>
    out.push(
      finding(check, {
        severity, title, description, path: at.path, line: at.line, lineText: lineAt(at.file, at.line), fingerprint: key, confidence,
        remediation: EXTRA_INDEX_REMEDIATION, ...(needle !== undefined && { needle }),
      }),
    );
  const extraIndex = (at: Where, url: string, source: string) =>
    report(
      at, 'MEDIUM', `Extra package index ${hostOf(url) ?? url} (pip merges indexes)`,
      `${source} adds ${url} with extra-index-url. pip treats all indexes as one pool and installs the highest version found anywhere: anyone can publish a package on PyPI with the name of a package from the extra index and a higher version, and it will be installed instead (dependency confusion).`,
      `PyPI:extra-index:${hostOf(url) ?? url}`, 0.6, 'extra',
    );
  const uvUnsafe = (at: Where, strategy: string) =>
    report(
      at, 'MEDIUM', `uv index strategy \`${strategy}\``,
      `${at.path} sets index-strategy = "${strategy}", which makes uv look for each package on every index like pip does, so a public package can shadow a private one of the same name.`,
      `PyPI:index-strategy:${strategy}`, 0.7, 'index-strategy',
    );

  for (const file of ctx.files) {
    if (isThirdParty(file.path)) continue;
    const lines = linesOf(file);
    if (file.extractor === 'requirements-txt') {
      for (const [i, line] of lines.entries()) {
        const url = /^\s*--extra-index-url(?:=|\s+)(\S+)/.exec(line)?.[1];
        if (url) extraIndex({ file, path: file.path, line: i + 1 }, url, file.path);
      }
    } else if (file.extractor === 'pipfile') {
      const sources = lines.flatMap((l, i) => (/^\s*\[\[\s*source\s*\]\]/.test(l) ? [i + 1] : []));
      const second = sources[1];
      if (second !== undefined) {
        report(
          { file, path: file.path, line: second }, 'LOW', `Pipfile lists ${sources.length} package sources`,
          `${file.path} declares ${sources.length} [[source]] indexes. Pipenv before 2022.3.23 passed the extra sources to pip as extra indexes, so any package could come from any of them; newer versions install from the first source unless a package names its index.`,
          'PyPI:pipfile-sources', 0.5,
        );
      }
    } else if (file.extractor === 'pyproject-toml') {
      for (const [i, line] of lines.entries()) {
        const strategy = /^\s*index-strategy\s*=\s*["'](unsafe-[a-z-]+)["']/.exec(line)?.[1];
        if (strategy) uvUnsafe({ file, path: file.path, line: i + 1 }, strategy);
        const priority = /^\s*priority\s*=\s*["'](supplemental|secondary)["']/.exec(line)?.[1];
        if (priority) {
          report(
            { file, path: file.path, line: i + 1 }, 'MEDIUM', `Poetry source with priority "${priority}"`,
            `${file.path} adds a Poetry source with priority "${priority}": Poetry looks in PyPI first and uses this source only for packages PyPI does not have, so a private package name registered on PyPI is taken from PyPI.`,
            `PyPI:poetry-priority:${priority}`, 0.6, 'priority',
          );
        }
      }
    }
  }
  for (const [path, text] of ctx.configFiles) {
    const name = baseName(path);
    if (!PIP_CONFIG.has(name) && name !== 'uv.toml') continue;
    const file = { text };
    const lines = linesOf(file);
    for (const [i, line] of lines.entries()) {
      if (name === 'uv.toml') {
        const strategy = /^\s*index-strategy\s*=\s*["'](unsafe-[a-z-]+)["']/.exec(line)?.[1];
        if (strategy) uvUnsafe({ file, path, line: i + 1 }, strategy);
        continue;
      }
      const m = /^\s*extra[-_]index[-_]url\s*[=:]\s*(\S*)/i.exec(line);
      if (!m) continue;
      // The value may start on the next, indented line.
      const url = m[1] || (lines[i + 1] ?? '').trim();
      if (url) extraIndex({ file, path, line: i + 1 }, url, path);
    }
  }
  return out;
}

interface ScopeUse {
  readonly file: DependencyFile;
  readonly pkg: ExtractedPackage;
}

function npmFindings(ctx: RiskContext): RawFinding[] {
  const config = npmRegistryConfig(ctx);
  // Read on the first scoped package only: most scans have none, and need not load the npm list.
  let publicScopes: ReadonlySet<string> | undefined;
  const own = ownPackageNames(ctx);
  const uses = new Map<string, ScopeUse>();
  for (const file of ctx.files) {
    if (file.extractor !== 'package-json' || isThirdParty(file.path)) continue;
    for (const pkg of file.result.packages) {
      const scope = npmScope(pkg.name);
      if (scope === undefined || pkg.source !== 'registry' || own.has(`npm\u0000${pkg.name}`)) continue;
      if (config.scopes.has(scope) || (publicScopes ??= popularNpmScopes()).has(scope) || uses.has(scope)) continue;
      uses.set(scope, { file, pkg });
    }
  }
  if (uses.size === 0) return [];
  // What the lockfiles say about each scope: resolved on the public registry, or on another host.
  const publicSeen = new Set<string>();
  const privateHost = new Map<string, string>();
  for (const file of ctx.files) {
    if (!NPM_LOCKFILES.has(file.extractor)) continue;
    for (const pkg of file.result.packages) {
      const scope = npmScope(pkg.name);
      if (scope === undefined || !uses.has(scope) || pkg.resolved === undefined || pkg.source !== 'registry') continue;
      if (isPublicRegistry('npm', pkg.resolved)) publicSeen.add(scope);
      else {
        const host = hostOf(pkg.resolved);
        if (host && !privateHost.has(scope)) privateHost.set(scope, host);
      }
    }
  }
  const out: RawFinding[] = [];
  for (const [scope, { file, pkg }] of uses) {
    const host = privateHost.get(scope);
    if (host === undefined && publicSeen.has(scope)) continue; // the scope's packages are published on the public registry
    // Without evidence that the scope is private, an unknown scope is almost always a small public
    // one: reporting it would be noise. A configured private default registry is that evidence, weakly.
    if (host === undefined && !config.defaultRegistry) continue;
    const severity: Severity = host !== undefined ? (config.defaultRegistry ? 'MEDIUM' : 'HIGH') : 'LOW';
    const evidenceNote = host !== undefined
      ? ` The lockfile resolves ${scope} packages from ${host}, so the scope is private, but no configuration sends the scope there.`
      : config.defaultRegistry
        ? ' All packages go through the configured default registry; whether a public package can shadow this scope depends on how that registry merges its upstreams.'
        : '';
    out.push(
      finding(check, {
        severity,
        title: `npm scope ${scope} has no registry mapping`,
        description: `${file.path} depends on ${pkg.name}, but no .npmrc \`${scope}:registry=\` line, .yarnrc.yml \`npmScopes\` entry or bunfig.toml scope maps ${scope} to a registry. If the scope is private, an install without the right configuration (a new laptop, a CI job, a Dependabot run) asks the public registry, where anyone who registers ${scope} can publish ${pkg.name} with any code.${evidenceNote}`,
        remediation: `Map the scope explicitly in a committed .npmrc (\`${scope}:registry=https://your-registry/\`) or .yarnrc.yml (\`npmScopes\`), and register the ${scope} organisation on npmjs.com so nobody else can publish under it.`,
        path: file.path, line: pkg.line, lineText: lineAt(file, pkg.line), needle: pkg.name,
        fingerprint: `npm-scope:${scope}`,
        confidence: host !== undefined ? 0.8 : 0.4,
      }),
    );
  }
  return out;
}

function detect(ctx: RiskContext): RawFinding[] {
  return [...pythonFindings(ctx), ...npmFindings(ctx)];
}

export const check = defineRiskCheck({
  id: 'dependency-confusion',
  title: 'Dependency confusion exposure',
  severity: 'HIGH',
  confidence: 0.8,
  severityNote: 'MEDIUM for extra package indexes; unmapped npm scopes: HIGH when the lockfile resolves them from a private registry (MEDIUM if a default registry is configured), LOW when only a private default registry suggests the scope is private; not reported without such evidence',
  description: 'Package resolution can pick a public package in place of a private one with the same name.',
  remediation: 'Resolve private packages from their registry only: map npm scopes explicitly, avoid pip extra indexes, and claim your names and scopes on the public registries.',
  cwe: 'CWE-427',
  owasp: OWASP.vulnerableComponents,
  docs: {
    summary:
      'Python: `--extra-index-url` in requirements files and `extra-index-url` in pip.conf/pip.ini (pip installs the highest version across all indexes, so a public upload with a private package\'s name wins), uv `index-strategy = "unsafe-…"`, Poetry sources with priority `supplemental`/`secondary`, and Pipfiles with several sources. npm: scoped packages whose scope is not mapped to a registry (`@scope:registry=` in any `.npmrc`, `npmScopes` in `.yarnrc.yml`, `[install.scopes]` in bunfig.toml). A scope is reported only with evidence that it is private: the lockfile resolves it from another host, or a private default registry is configured. Scopes of popular public packages, scopes resolved from the public registry, scopes with no such evidence and the repository\'s own workspace packages are not reported. One finding per scope.',
    bad: [{
      'requirements.txt': '--extra-index-url https://pypi.internal.example/simple\nacme-billing-client==2.4.0\n',
      'package.json': '{\n  "name": "portal",\n  "dependencies": {\n    "@acme-internal/design-system": "^3.2.0"\n  }\n}\n',
      'package-lock.json':
        '{\n  "name": "portal",\n  "lockfileVersion": 3,\n  "packages": {\n    "": { "name": "portal", "dependencies": { "@acme-internal/design-system": "^3.2.0" } },\n    "node_modules/@acme-internal/design-system": {\n      "version": "3.2.1",\n      "resolved": "https://npm.internal.example/@acme-internal/design-system/-/design-system-3.2.1.tgz"\n    }\n  }\n}\n',
    }],
    good: [{
      'requirements.txt': '--index-url https://pypi.internal.example/simple\nacme-billing-client==2.4.0\n',
      '.npmrc': '@acme-internal:registry=https://npm.internal.example/\n',
      'package.json': '{\n  "name": "portal",\n  "dependencies": {\n    "@acme-internal/design-system": "^3.2.0",\n    "@babel/core": "^7.24.0"\n  }\n}\n',
    }],
  },
  run: detect,
});
