import { OWASP } from '../../../../core/rules.js';
import type { RawFinding } from '../../../../core/findings.js';
import { allPaths, defineRiskCheck, dirOf, finding, isThirdParty, lineAt, LOCKFILES, nearestLockfile } from '../shared.js';
import type { DependencyFile, RiskContext } from '../types.js';

const KIND: Readonly<Record<string, string>> = Object.freeze({
  'package-json': 'npm',
  'pyproject-toml': 'Python',
  pipfile: 'Pipenv',
  'cargo-toml': 'Cargo',
  gemfile: 'Bundler',
  'composer-json': 'Composer',
  'go-mod': 'Go',
});

/** A Cargo package is an application when it builds a binary; libraries conventionally leave Cargo.lock to their users. */
function isCargoApplication(file: DependencyFile, paths: ReadonlySet<string>): boolean {
  const dir = dirOf(file.path);
  if (/^\s*\[\[bin\]\]/m.test(file.text) || /^\s*\[workspace\]/m.test(file.text)) return true;
  if (paths.has(`${dir}src/main.rs`)) return true;
  for (const p of paths) if (p.startsWith(`${dir}src/bin/`)) return true;
  return false;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function detect(ctx: RiskContext): RawFinding[] {
  const paths = allPaths(ctx);
  const out: RawFinding[] = [];
  for (const file of ctx.files) {
    const kind = KIND[file.extractor];
    if (kind === undefined || isThirdParty(file.path)) continue;
    const deps = file.result.packages.filter((p) => p.source !== 'workspace' && (file.extractor !== 'go-mod' || p.source !== 'path'));
    const first = deps[0];
    if (first === undefined) continue;
    if (file.extractor === 'cargo-toml' && !isCargoApplication(file, paths)) continue;
    if (nearestLockfile(paths, file) !== undefined) continue;
    const names = LOCKFILES[file.extractor]?.names ?? [];
    const go = file.extractor === 'go-mod';
    const lineText = lineAt(file, first.line);
    out.push(
      finding(check, {
        severity: go ? 'LOW' : 'MEDIUM',
        title: go ? `go.mod without go.sum (${plural(deps.length, 'module')})` : `${kind} manifest without a lockfile (${plural(deps.length, 'dependency', 'dependencies')})`,
        description: go
          ? `${file.path} requires ${plural(deps.length, 'module')} but no go.sum sits beside it, so the module hashes are not recorded in the repository: builds fall back to the checksum database and cannot prove they fetched the same code as before.`
          : `${file.path} declares ${plural(deps.length, 'dependency', 'dependencies')} but no ${names.join(', ')} exists in its folder${LOCKFILES[file.extractor]?.upward ? ' or any folder above it' : ''}. Every install resolves the version ranges again, so a newly published (possibly malicious or broken) release is picked up silently and builds are not reproducible.`,
        path: file.path,
        line: first.line,
        lineText,
        needle: first.name,
        fingerprint: kind,
        confidence: 0.8,
        ...(go && { remediation: 'Run `go mod tidy` and commit go.sum beside go.mod.' }),
      }),
    );
  }
  return out;
}

export const check = defineRiskCheck({
  id: 'missing-lockfile',
  title: 'Dependencies without a lockfile',
  severity: 'MEDIUM',
  confidence: 0.8,
  severityNote: 'MEDIUM; LOW for go.mod without go.sum',
  description: 'A manifest declares dependencies but no lockfile of its package manager pins them.',
  remediation:
    'Generate the lockfile with the package manager (`npm install`, `pnpm install`, `yarn`, `uv lock`, `poetry lock`, `pipenv lock`, `cargo generate-lockfile`, `bundle lock`, `composer update --lock`), commit it, and install with the frozen variant in CI (`npm ci`, `pnpm install --frozen-lockfile`, `uv sync --locked` …).',
  cwe: 'CWE-1357',
  owasp: OWASP.vulnerableComponents,
  docs: {
    summary:
      'Reads `package.json`, `pyproject.toml`, `Pipfile`, `Cargo.toml` (packages that build a binary, and workspace roots), `Gemfile`, `composer.json` and `go.mod`. A manifest with dependencies needs a lockfile of its package manager in the same folder; for npm, Python and Cargo a lockfile in a folder above counts, because workspace members are locked by the workspace root. Without one, every install re-resolves version ranges, so a compromised new release reaches the build without any change in the repository.',
    bad: [{
      'package.json': '{\n  "name": "shop-api",\n  "dependencies": {\n    "express": "^4.19.2"\n  }\n}\n',
    }],
    good: [{
      'package.json': '{\n  "name": "shop-api",\n  "workspaces": ["packages/*"],\n  "dependencies": {\n    "express": "^4.19.2"\n  }\n}\n',
      'package-lock.json':
        '{\n  "name": "shop-api",\n  "lockfileVersion": 3,\n  "packages": {\n    "": { "name": "shop-api", "dependencies": { "express": "^4.19.2" } },\n    "node_modules/express": {\n      "version": "4.19.2",\n      "resolved": "https://registry.npmjs.org/express/-/express-4.19.2.tgz",\n      "integrity": "sha512-5T6nhjsT+EOMzuck8JjBHARTHfMht0POzlA60WV2pMD3gyXw2LZnZ+ueGdNxG+0calOJcWKbpFcuzLZ91YWq9Q=="\n    }\n  }\n}\n',
      'packages/web/package.json': '{\n  "name": "@shop/web",\n  "dependencies": {\n    "react": "^18.3.1"\n  }\n}\n',
    }],
  },
  run: detect,
});
