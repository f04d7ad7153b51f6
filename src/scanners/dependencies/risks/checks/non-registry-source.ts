import { OWASP } from '../../../../core/rules.js';
import type { RawFinding, Severity } from '../../../../core/findings.js';
import type { ExtractedPackage } from '../../types.js';
import { composerRepositories, schemeOf } from '../registries.js';
import {
  allPaths, defineRiskCheck, finding, findLine, isCommitish, isThirdParty, lineAt, linesOf, nearestLockfile,
} from '../shared.js';
import type { DependencyFile, RiskContext } from '../types.js';

interface GitRef {
  readonly ref?: string;
  /** branch, tag, rev … as the file names it. */
  readonly kind?: string;
}

/** The declaration's text: its line, plus the body of a `[dependencies.name]`-style TOML table. */
function entryText(file: DependencyFile, line: number): string {
  const lines = linesOf(file);
  const first = lines[line - 1] ?? '';
  if (!/^\s*\[[^\]]+\]\s*$/.test(first)) return first;
  const body = [first];
  for (let i = line; i < lines.length && i < line + 40; i++) {
    const l = lines[i] ?? '';
    if (/^\s*\[/.test(l)) break;
    body.push(l);
  }
  return body.join('\n');
}

/** Which git ref a declaration names: npm `#ref`, pip `@ref`, TOML/Ruby `rev`/`ref`/`tag`/`branch` options. */
function gitRef(pkg: ExtractedPackage, text: string): GitRef {
  const option = /\b(rev|ref|commit|tag|branch)\b\s*(?:=>|=|:)\s*["']([^"']+)["']/.exec(text);
  if (option?.[1] && option[2]) return { ref: option[2], kind: option[1] };
  for (const spec of [pkg.requirement, pkg.resolved]) {
    if (spec === undefined) continue;
    const hash = /#(?!egg=)([^&\s]+)/.exec(spec)?.[1];
    if (hash !== undefined) return hash.startsWith('semver:') ? { ref: hash, kind: 'semver range' } : { ref: hash.replace(/^commit=/, ''), kind: 'ref' };
    const afterHost = spec.replace(/^[a-z+]+:\/\/(?:[^@/]*@)?[^/]+/i, '').replace(/#.*$/, '');
    const at = /@([^/@\s]+)$/.exec(afterHost)?.[1];
    if (at !== undefined) return { ref: at, kind: 'ref' };
  }
  return {};
}

function localOrUrl(pkg: ExtractedPackage, where: string): { severity: Severity; title: string; description: string; confidence: number } {
  if (pkg.source === 'url') {
    const http = schemeOf(where) === 'http';
    return {
      severity: http ? 'HIGH' : 'MEDIUM',
      title: `${pkg.name} is downloaded from a URL${http ? ' over plain HTTP' : ''}`,
      description: `${pkg.name} is fetched from ${where} instead of the registry. Whoever controls that URL (or${http ? ', over plain HTTP, anyone on the network path' : ' its host'}) can change the archive at any time; registry audits, advisories and immutability do not apply.`,
      confidence: 0.85,
    };
  }
  return {
    severity: 'INFO',
    title: `${pkg.name} comes from a local ${pkg.source === 'file' ? 'file' : 'path'}`,
    description: `${pkg.name} is installed from ${where}, outside the registry. Local packages are not covered by advisories and are easy to overlook in review; make sure the folder or archive is the project's own and reviewed.`,
    confidence: 0.7,
  };
}

function fromPackage(file: DependencyFile, pkg: ExtractedPackage): RawFinding | undefined {
  if (pkg.source === 'registry' || pkg.source === 'workspace') return undefined;
  const lineText = lineAt(file, pkg.line);
  const where = pkg.resolved ?? pkg.requirement ?? '';
  // The column points at the source (URL, git spec, path) when the line spells it out.
  const needle = where !== '' && lineText.includes(where) ? where : pkg.name;
  const base = { path: file.path, line: pkg.line, lineText, needle, fingerprint: `${pkg.ecosystem}:${pkg.name}:${pkg.source}` };
  if (file.extractor === 'go-mod') {
    // The extractor reports what is built (the replacement); the require line names the original module.
    const original = /^\s*(?:require\s+)?(\S+)/.exec(lineText)?.[1] ?? pkg.name;
    if (pkg.source === 'path') {
      return finding(check, { ...base, needle: original, severity: 'INFO', title: `${original} is replaced by a local directory`, description: `go.mod replaces ${original} with the directory ${where}; the build uses that code instead of the published module.`, confidence: 0.7 });
    }
    if (original === pkg.name) return undefined; // the same module at another version
    return finding(check, { ...base, needle: original, fingerprint: `Go:${original}:replace`, severity: 'LOW', title: `${original} is replaced by ${where}`, description: `go.mod replaces ${original} with ${where}, a different module (a fork). The build trusts that module's owner instead of ${original}'s.`, confidence: 0.7 });
  }
  if (pkg.source !== 'git') return finding(check, { ...base, ...localOrUrl(pkg, where) });
  const ref = gitRef(pkg, entryText(file, pkg.line));
  const pinned = isCommitish(ref.ref) && ref.kind !== 'tag' && ref.kind !== 'branch';
  const http = schemeOf(where) === 'http';
  const what = ref.ref === undefined ? 'the default branch' : `${ref.kind ?? 'ref'} \`${ref.ref}\``;
  return finding(check, {
    ...base,
    severity: http ? 'HIGH' : pinned ? 'LOW' : 'MEDIUM',
    title: pinned ? `${pkg.name} is installed from git (pinned commit)` : `${pkg.name} is installed from git at ${ref.ref === undefined ? 'a moving branch' : `a movable ${ref.kind ?? 'ref'}`}`,
    description: pinned
      ? `${pkg.name} comes from the git repository ${where} at commit ${ref.ref ?? ''}. The commit cannot change, but the code bypasses the registry: no advisories, no published-artifact integrity, and the repository can disappear.`
      : `${pkg.name} comes from the git repository ${where} at ${what}. Whoever can push to that repository changes what the next install runs, without any change here${http ? '; over plain HTTP anyone on the path can too' : ''}.`,
    confidence: 0.85,
  });
}

const VCS_TYPES = new Set(['vcs', 'git', 'github', 'gitlab', 'bitbucket', 'hg', 'svn', 'fossil', 'perforce']);

function composerFindings(file: DependencyFile, locked: boolean): RawFinding[] {
  const out: RawFinding[] = [];
  for (const repo of composerRepositories(file.text)) {
    const vcs = VCS_TYPES.has(repo.type);
    if (!vcs && repo.type !== 'package' && repo.type !== 'artifact' && repo.type !== 'path') continue;
    const line = (repo.url === undefined ? undefined : findLine(file, repo.url)) ?? findLine(file, '"repositories"') ?? 1;
    const target = repo.url ?? repo.type;
    const local = repo.type === 'artifact' || repo.type === 'path';
    out.push(
      finding(check, {
        severity: local ? 'INFO' : vcs && locked ? 'LOW' : 'MEDIUM',
        title: `Composer repository of type ${repo.type}${repo.url ? `: ${repo.url}` : ''}`,
        description: local
          ? `composer.json adds a ${repo.type} repository (${target}); packages from it bypass Packagist.`
          : `composer.json adds a ${repo.type} repository (${target}). Packages it provides come straight from that source${vcs ? `, at whatever its branches and tags point to${locked ? ' (composer.lock records the commit for now)' : ''}` : ''}, not from Packagist, and they take precedence over Packagist packages of the same name.`,
        path: file.path, line, lineText: lineAt(file, line), needle: repo.url ?? repo.type,
        fingerprint: `Packagist:repository:${target}`, confidence: 0.8,
      }),
    );
  }
  return out;
}

function detect(ctx: RiskContext): RawFinding[] {
  const paths = allPaths(ctx);
  const out: RawFinding[] = [];
  for (const file of ctx.files) {
    if (isThirdParty(file.path) || (file.result.kind !== 'manifest' && file.extractor !== 'go-mod')) continue;
    for (const pkg of file.result.packages) {
      const f = fromPackage(file, pkg);
      if (f) out.push(f);
    }
    if (file.extractor === 'composer-json') out.push(...composerFindings(file, nearestLockfile(paths, file) !== undefined));
  }
  return out;
}

export const check = defineRiskCheck({
  id: 'non-registry-source',
  title: 'Dependency from outside the registry',
  severity: 'HIGH',
  confidence: 0.85,
  severityNote: 'MEDIUM for git without a pinned commit and for URLs; HIGH over plain HTTP; LOW for a pinned commit; INFO for local paths',
  description: 'A dependency is installed from git, a URL or a local path instead of the package registry.',
  remediation:
    'Prefer a published release from the registry. If a git dependency is unavoidable, pin it to a full commit id (`#<sha>`, `@<sha>`, `rev = "<sha>"`, `ref: "<sha>"`) and use HTTPS; vendor URL tarballs into the repository or publish them to a registry you control.',
  cwe: 'CWE-829',
  owasp: OWASP.vulnerableComponents,
  docs: {
    summary:
      'Reads the manifests: npm specs (`github:user/repo`, `git+https://…`, `https://…/x.tgz`, `file:`), Python `name @ https://…` and `-e git+…` requirements, Pipfile and Poetry `git`/`url`/`path`, Cargo `git =`, Gemfile `git:`/`github:`/`path:`, Composer `repositories` of type vcs, package, artifact or path, and go.mod `replace`. Code from such sources skips the registry\'s immutability, advisories and malware takedowns; a git branch or tag can be moved by anyone who can push to the repository. A full commit id makes the content fixed, so it is reported lower.',
    bad: [{
      'package.json': '{\n  "name": "billing",\n  "dependencies": {\n    "pdf-kit": "github:acme-forks/pdf-kit#main",\n    "legacy-sdk": "https://downloads.example.com/legacy-sdk-2.1.0.tgz"\n  }\n}\n',
      'requirements.txt': '-e git+https://github.com/acme/toolbox.git#egg=toolbox\n',
    }],
    good: [{
      'package.json': '{\n  "name": "billing",\n  "dependencies": {\n    "pdfkit": "^0.15.0",\n    "legacy-sdk": "2.1.0"\n  }\n}\n',
      'requirements.txt': 'toolbox==1.4.2\n',
    }],
  },
  run: detect,
});
