import { OWASP } from '../../../../core/rules.js';
import type { RawFinding } from '../../../../core/findings.js';
import type { ExtractedPackage } from '../../types.js';
import {
  allPaths, defineRiskCheck, finding, isRecord, isThirdParty, lineAt, linesOf, nearestLockfile, packageKey, parseJsonObject,
} from '../shared.js';
import type { DependencyFile, RiskContext } from '../types.js';

const NPM_ANY = /^(?:\*|x|X|latest|x\.x(?:\.x)?|\*\.\*(?:\.\*)?)?$/;
const NPM_TAG = /^[A-Za-z][A-Za-z0-9._-]*$/;

/** True when a comparator list has a lower bound (`>=`, `>`) and nothing that caps it. */
function unbounded(clauses: readonly string[], caps: RegExp): boolean {
  return clauses.some((c) => /^>=?/.test(c)) && !clauses.some((c) => caps.test(c));
}

function npmReason(range: string): string | undefined {
  const r = range.trim();
  for (const alternative of r.split('||').map((a) => a.trim())) {
    if (NPM_ANY.test(alternative)) return alternative === '' ? 'an empty range (any version)' : alternative === 'latest' ? 'the `latest` tag' : `\`${alternative}\` (any version)`;
    if (NPM_TAG.test(alternative)) return `the dist-tag \`${alternative}\``;
    const clauses = alternative.replace(/([<>=]+)\s+/g, '$1').split(/\s+/);
    if (unbounded(clauses, /^(?:<|\^|~|=?\d)/)) return `\`${alternative}\` (no upper bound)`;
  }
  return undefined;
}

function pep440Reason(requirement: string | undefined): string | undefined {
  const r = (requirement ?? '').replace(/\s+/g, '');
  if (r === '' || r === '*') return 'no version constraint';
  const clauses = r.split(/,|\|\|/);
  if (unbounded(clauses, /^(?:<|==|~=|\^|~|\d)/)) return `\`${requirement ?? ''}\` (no upper bound)`;
  return undefined;
}

function cargoReason(requirement: string | undefined): string | undefined {
  if (requirement === undefined) return undefined;
  const r = requirement.trim();
  if (r === '*' || r === '') return '`*` (any version)';
  if (unbounded(r.split(/\s*,\s*/), /^(?:<|=|\^|~|\d)/)) return `\`${r}\` (no upper bound)`;
  return undefined;
}

function gemReason(requirement: string | undefined): string | undefined {
  if (requirement === undefined || requirement.trim() === '') return 'no version constraint';
  const clauses = requirement.split(',').map((c) => c.replace(/\s+/g, ''));
  if (unbounded(clauses, /^(?:<|~>|=?\d)/)) return `\`${requirement}\` (no upper bound)`;
  return undefined;
}

function composerReason(requirement: string | undefined): string | undefined {
  const r = (requirement ?? '').trim();
  if (r === '*' || r === '') return '`*` (any version)';
  if (/^dev-/.test(r) || /\.x-dev$/.test(r)) return `the branch \`${r}\``;
  const clauses = r.split(/\s*\|\|?\s*/).flatMap((a) => a.split(/[\s,]+/));
  if (unbounded(clauses, /^(?:<|\^|~|=?v?\d)/)) return `\`${r}\` (no upper bound)`;
  return undefined;
}

function mavenReason(pkg: ExtractedPackage): string | undefined {
  const v = (pkg.version ?? pkg.requirement ?? '').trim();
  if (v === 'LATEST' || v === 'RELEASE') return `the \`${v}\` meta-version`;
  if (/^[[(][^,]*,\s*\)$/.test(v)) return `the open range \`${v}\``;
  return undefined;
}

/** npm `name\u0000range` pairs declared only as peer dependencies (a library accepting any host version is normal). */
function peerOnly(file: DependencyFile): ReadonlySet<string> {
  const doc = parseJsonObject(file.text);
  const pairs = new Set<string>();
  if (!doc || !isRecord(doc.peerDependencies)) return pairs;
  const elsewhere = new Set<string>();
  for (const section of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const deps = doc[section];
    if (isRecord(deps)) for (const [name, range] of Object.entries(deps)) elsewhere.add(`${name}\u0000${String(range)}`);
  }
  for (const [name, range] of Object.entries(doc.peerDependencies)) {
    const pair = `${name}\u0000${String(range)}`;
    if (!elsewhere.has(pair)) pairs.add(pair);
  }
  return pairs;
}

function reasonFor(file: DependencyFile, pkg: ExtractedPackage, peers: ReadonlySet<string>): string | undefined {
  switch (file.extractor) {
    case 'package-json':
      return peers.has(`${pkg.name}\u0000${pkg.requirement ?? ''}`) ? undefined : npmReason(pkg.requirement ?? '');
    case 'requirements-txt':
      return pkg.version === undefined ? (pkg.requirement ? `\`${pkg.requirement}\` (not pinned with ==)` : 'no version (not pinned with ==)') : undefined;
    case 'pyproject-toml':
    case 'pipfile':
      return pep440Reason(pkg.requirement);
    case 'cargo-toml':
      return cargoReason(pkg.requirement);
    case 'gemfile':
      return gemReason(pkg.requirement);
    case 'composer-json':
      return composerReason(pkg.requirement);
    case 'pom-xml':
      return mavenReason(pkg);
    default:
      return undefined;
  }
}

/** go.mod `require` lines whose version is a branch or query (`master`, `latest`) rather than a version. */
function goQueries(file: DependencyFile): { name: string; query: string; line: number }[] {
  const out: { name: string; query: string; line: number }[] = [];
  let inRequire = false;
  for (const [i, raw] of linesOf(file).entries()) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (/^require\s*\($/.test(line)) {
      inRequire = true;
      continue;
    }
    if (inRequire && line === ')') {
      inRequire = false;
      continue;
    }
    const m = (inRequire ? /^(\S+)\s+(\S+)$/ : /^require\s+(\S+)\s+(\S+)$/).exec(line);
    if (m?.[1] && m[2] && !/^v\d/.test(m[2])) out.push({ name: m[1], query: m[2], line: i + 1 });
  }
  return out;
}

function detect(ctx: RiskContext): RawFinding[] {
  const paths = allPaths(ctx);
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  // Package keys each lockfile pins; built once per lockfile (a monorepo has many manifests per lockfile).
  const pinnedBy = new Map<string, ReadonlySet<string> | undefined>();
  const lockedIn = (lockPath: string): ReadonlySet<string> | undefined => {
    if (!pinnedBy.has(lockPath)) {
      const lock = byPath.get(lockPath);
      pinnedBy.set(lockPath, lock && new Set(lock.result.packages.filter((p) => p.version !== undefined).map(packageKey)));
    }
    return pinnedBy.get(lockPath);
  };
  const out: RawFinding[] = [];
  for (const file of ctx.files) {
    if (isThirdParty(file.path)) continue;
    if (file.extractor === 'go-mod') {
      for (const q of goQueries(file)) {
        const lineText = lineAt(file, q.line);
        out.push(
          finding(check, {
            severity: 'MEDIUM',
            title: `${q.name} required at \`${q.query}\`, not a version`,
            description: `${file.path} requires ${q.name} at \`${q.query}\`, a branch or version query that Go resolves to whatever it points at when the build runs.`,
            path: file.path, line: q.line, lineText, needle: q.query, fingerprint: `Go:${q.name}:${q.query}`, confidence: 0.9,
            remediation: 'Run `go get module@version` with a released version (or `go mod tidy`) so go.mod records an exact version.',
          }),
        );
      }
      continue;
    }
    if (file.result.kind !== 'manifest') continue;
    const lockPath = nearestLockfile(paths, file);
    const locked = lockPath === undefined ? undefined : lockedIn(lockPath);
    const peers = file.extractor === 'package-json' ? peerOnly(file) : new Set<string>();
    for (const pkg of file.result.packages) {
      if (pkg.source !== 'registry') continue;
      const reason = reasonFor(file, pkg, peers);
      if (reason === undefined) continue;
      // A lockfile we cannot read (bun.lockb, pdm.lock, go.sum) is taken to pin what the manifest declares.
      const pinned = lockPath !== undefined && (locked === undefined || locked.has(packageKey(pkg)));
      const lineText = lineAt(file, pkg.line);
      out.push(
        finding(check, {
          severity: pinned ? 'LOW' : 'MEDIUM',
          title: `${pkg.name} accepts ${reason}`,
          description: pinned
            ? `${file.path} declares ${pkg.name} with ${reason}. ${lockPath} pins the version today, but the next lockfile update takes whatever is newest, unreviewed.`
            : `${file.path} declares ${pkg.name} with ${reason} and no lockfile pins it, so every install takes whatever the registry serves at that moment, including a compromised or breaking release.`,
          path: file.path, line: pkg.line, lineText, needle: pkg.name,
          fingerprint: `${pkg.ecosystem}:${pkg.name}:${pkg.requirement ?? ''}`,
          confidence: pinned ? 0.7 : 0.85,
        }),
      );
    }
  }
  return out;
}

export const check = defineRiskCheck({
  id: 'floating-version',
  title: 'Floating dependency version',
  severity: 'MEDIUM',
  confidence: 0.9,
  severityNote: 'MEDIUM; LOW when a lockfile in scope pins the package',
  description: 'A dependency accepts any version, a moving tag or branch, or a range without an upper bound.',
  remediation:
    'Declare a bounded range (`^1.4.0`, `~=1.4`, `>=1.4,<2`) or an exact version, and commit a lockfile; for requirements files, pin with `==` (pip-compile or `uv pip compile` generate pinned files with hashes).',
  cwe: 'CWE-1357',
  owasp: OWASP.vulnerableComponents,
  docs: {
    summary:
      'Flags `*`, `latest` and other dist-tags, `x`, empty ranges and `>=`/`>` without an upper bound in npm, Python (`pyproject.toml`, `Pipfile`), Cargo, Bundler, Composer (also `dev-` branches) and Maven (`LATEST`, `RELEASE`, open ranges) manifests; requirements files entries not pinned with `==`; and go.mod requirements given as a branch or query. Such a declaration takes the newest release on every resolution: one hijacked maintainer account is enough to reach the build. Peer dependencies are left out. When a lockfile in scope pins the package the finding is LOW: the risk is deferred to the next lockfile update.',
    bad: [{
      'requirements.txt': 'flask>=2.0\nrequests\n',
      'package.json': '{\n  "name": "worker",\n  "dependencies": {\n    "left-pad": "*",\n    "axios": "latest"\n  }\n}\n',
    }],
    good: [{
      'requirements.txt': 'flask==3.0.3\nrequests==2.32.3\n',
      'package.json': '{\n  "name": "worker",\n  "dependencies": {\n    "left-pad": "^1.3.0",\n    "axios": "~1.7.2"\n  },\n  "peerDependencies": {\n    "react": "*"\n  }\n}\n',
    }],
  },
  run: detect,
});
