import { OWASP } from '../../../../core/rules.js';
import type { RawFinding } from '../../../../core/findings.js';
import type { ExtractedPackage } from '../../types.js';
import { configuredHosts, hostOf, isPublicRegistry, schemeOf } from '../registries.js';
import { defineRiskCheck, finding, findLine, isThirdParty, lineAt } from '../shared.js';
import type { DependencyFile, RiskContext } from '../types.js';

/** Lockfiles whose `resolved` values are download or index URLs. */
const LOCKFILES = new Set(['package-lock', 'yarn-lock', 'pnpm-lock', 'bun-lock', 'pipfile-lock', 'poetry-lock', 'uv-lock', 'cargo-lock', 'gemfile-lock', 'composer-lock']);

interface Group {
  readonly host: string;
  readonly http: boolean;
  readonly first: ExtractedPackage;
  readonly url: string;
  count: number;
}

function detectFile(file: DependencyFile, configured: ReadonlySet<string>): RawFinding[] {
  const groups = new Map<string, Group>();
  for (const pkg of file.result.packages) {
    if (pkg.resolved === undefined || (pkg.source !== 'registry' && pkg.source !== 'url' && pkg.source !== 'git')) continue;
    const scheme = schemeOf(pkg.resolved);
    const host = hostOf(pkg.resolved);
    if (host === undefined || (scheme !== 'http' && scheme !== 'https')) continue;
    const http = scheme === 'http';
    // A git dependency is the manifest's choice (non-registry-source reports it); only its transport matters here.
    if (!http && (pkg.source === 'git' || isPublicRegistry(pkg.ecosystem, pkg.resolved) || configured.has(host))) continue;
    const key = `${http ? 'http' : 'https'}://${host}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { host, http, first: pkg, url: pkg.resolved, count: 1 });
  }
  const out: RawFinding[] = [];
  for (const g of groups.values()) {
    const line = findLine(file, g.host, g.first.line, 40) ?? g.first.line;
    const others = g.count > 1 ? ` and ${g.count - 1} more package${g.count > 2 ? 's' : ''}` : '';
    out.push(
      finding(check, {
        severity: g.http ? 'HIGH' : 'MEDIUM',
        title: g.http ? `${file.path} downloads ${g.count} package${g.count > 1 ? 's' : ''} over plain HTTP from ${g.host}` : `${file.path} resolves ${g.count} package${g.count > 1 ? 's' : ''} from ${g.host}`,
        description: g.http
          ? `${g.first.name}${others} resolve to http://${g.host}/… . Without TLS anyone on the network path can swap the archive; integrity hashes (when present) are the only protection left, and they are written by the same resolution.`
          : `${g.first.name}${others} resolve to ${g.host}, which is neither the ${g.first.ecosystem} registry nor a registry configured in the repository's package-manager settings. A lockfile pointing somewhere unexpected is how a tampered lockfile injects code (lockfile injection), and a private mirror that is not declared will not be used consistently.`,
        remediation: g.http
          ? 'Switch the registry to HTTPS and regenerate the lockfile.'
          : `If ${g.host} is a registry you use on purpose, declare it in the package-manager configuration (\`.npmrc\` \`registry=\` or \`@scope:registry=\`, \`.yarnrc.yml\`, pip.conf \`index-url\`, Pipfile/pyproject sources, Gemfile \`source\`); otherwise regenerate the lockfile from the official registry and review how the URL got there.`,
        path: file.path, line, lineText: lineAt(file, line), needle: g.host,
        fingerprint: `${g.first.ecosystem}:${g.http ? 'http' : 'https'}:${g.host}`,
        confidence: g.http ? 0.9 : 0.7,
      }),
    );
  }
  return out;
}

function detect(ctx: RiskContext): RawFinding[] {
  const configured = configuredHosts(ctx);
  return ctx.files.filter((f) => LOCKFILES.has(f.extractor) && !isThirdParty(f.path)).flatMap((f) => detectFile(f, configured));
}

export const check = defineRiskCheck({
  id: 'lockfile-foreign-host',
  title: 'Lockfile resolves packages from an unexpected host',
  severity: 'HIGH',
  confidence: 0.9,
  severityNote: 'MEDIUM; HIGH for plain `http:`; registries configured in the repository are not reported',
  description: 'Lockfile download URLs point at a host other than the ecosystem registry and not configured by the project, or use plain HTTP.',
  remediation: 'Regenerate the lockfile from the official registry, or declare the private registry in the package-manager configuration.',
  cwe: 'CWE-494',
  owasp: OWASP.vulnerableComponents,
  docs: {
    summary:
      'Reads the `resolved` URLs of package-lock, yarn, pnpm, bun, Pipfile.lock, poetry, uv, Cargo, Bundler and Composer lockfiles. Expected hosts are the public registries (registry.npmjs.org, registry.yarnpkg.com, files.pythonhosted.org, pypi.org, crates.io, rubygems.org, Packagist and the VCS hosts its archives come from) and every host the repository configures itself: URLs in `.npmrc`, `.yarnrc.yml`, `.yarnrc`, `bunfig.toml`, `pip.conf`, `pip.ini`, `uv.toml`, `poetry.toml`, and index declarations in requirements files, Pipfile, pyproject, Gemfile and composer.json. Anything else is how lockfile injection looks: a pull request edits a URL in a huge generated file and nobody reviews it. Plain `http:` is HIGH whatever the host. One finding per lockfile and host, with the count.',
    bad: [{
      'package-lock.json':
        '{\n  "name": "site",\n  "lockfileVersion": 3,\n  "packages": {\n    "": { "name": "site", "dependencies": { "lodash": "^4.17.21" } },\n    "node_modules/lodash": {\n      "version": "4.17.21",\n      "resolved": "https://npm-cache.attacker.example/lodash/-/lodash-4.17.21.tgz",\n      "integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg=="\n    }\n  }\n}\n',
    }],
    good: [{
      '.npmrc': 'registry=https://npm.internal.example/repository/npm-group/\n',
      'package-lock.json':
        '{\n  "name": "site",\n  "lockfileVersion": 3,\n  "packages": {\n    "": { "name": "site", "dependencies": { "lodash": "^4.17.21" } },\n    "node_modules/lodash": {\n      "version": "4.17.21",\n      "resolved": "https://npm.internal.example/repository/npm-group/lodash/-/lodash-4.17.21.tgz",\n      "integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg=="\n    }\n  }\n}\n',
    }],
  },
  run: detect,
});
