import { OWASP } from '../../../../core/rules.js';
import type { RawFinding } from '../../../../core/findings.js';
import type { ExtractedPackage } from '../../types.js';
import { defineRiskCheck, finding, isThirdParty, lineAt, linesOf, normaliseName } from '../shared.js';
import type { DependencyFile, RiskContext } from '../types.js';

/** Lockfiles that record a hash for every registry package when they are generated normally. */
const HASHING_LOCKFILES: Readonly<Record<string, string>> = Object.freeze({
  'package-lock': '`integrity`',
  'yarn-lock': '`integrity` (classic) or `checksum` (Berry)',
  'pnpm-lock': '`resolution.integrity`',
  'bun-lock': 'the integrity field',
  'pipfile-lock': '`hashes`',
  'poetry-lock': 'file `hash`es',
  'uv-lock': 'sdist/wheel `hash`es',
  'cargo-lock': '`checksum`',
  'packages-lock-json': '`contentHash`',
});

/**
 * Older formats keep hashes in a separate table: poetry.lock 1.x `[metadata.files]`
 * (`name = [...]`) and Cargo.lock v1 `[metadata]` (`"checksum name version (source)" = "…"`).
 */
function metadataHashes(file: DependencyFile): ReadonlySet<string> {
  const names = new Set<string>();
  let section = '';
  for (const line of linesOf(file)) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line)?.[1];
    if (header !== undefined) {
      section = header.trim();
      continue;
    }
    if (file.extractor === 'poetry-lock' && section === 'metadata.files') {
      const m = /^\s*"?([A-Za-z0-9][\w.-]*)"?\s*=\s*\[/.exec(line);
      if (m?.[1] && !/=\s*\[\s*\]/.test(line)) names.add(normaliseName('PyPI', m[1]));
    } else if (file.extractor === 'cargo-lock' && section === 'metadata') {
      const m = /^\s*"checksum\s+(\S+)\s/.exec(line);
      if (m?.[1]) names.add(m[1]);
    }
  }
  return names;
}

function hasIntegrity(file: DependencyFile, pkg: ExtractedPackage, legacy: ReadonlySet<string>): boolean {
  if (pkg.integrity !== undefined && pkg.integrity !== '') return true;
  // yarn classic before integrity fields: a sha1 in the URL fragment.
  if (pkg.resolved !== undefined && /#[0-9a-f]{40}$/i.test(pkg.resolved)) return true;
  return legacy.has(file.extractor === 'poetry-lock' ? normaliseName('PyPI', pkg.name) : pkg.name);
}

function counts(file: DependencyFile, pkg: ExtractedPackage): boolean {
  if (pkg.source !== 'registry') return false;
  // package-lock: bundled packages (inBundle) have neither a URL nor a hash of their own.
  if (file.extractor === 'package-lock' && pkg.resolved === undefined) return false;
  return true;
}

function detectFile(file: DependencyFile): RawFinding[] {
  const field = HASHING_LOCKFILES[file.extractor];
  if (field === undefined) return [];
  const legacy = file.extractor === 'poetry-lock' || file.extractor === 'cargo-lock' ? metadataHashes(file) : new Set<string>();
  const registry = file.result.packages.filter((p) => counts(file, p));
  const missing = registry.filter((p) => !hasIntegrity(file, p, legacy));
  const first = missing[0];
  if (first === undefined) return [];
  const all = missing.length === registry.length;
  const examples = missing.slice(0, 3).map((p) => `${p.name}${p.version ? `@${p.version}` : ''}`).join(', ');
  return [
    finding(check, {
      severity: 'MEDIUM',
      title: `${file.path}: ${missing.length} of ${registry.length} registry packages have no integrity hash`,
      description: `${all ? `None of the ${registry.length}` : `${missing.length} of the ${registry.length}`} registry package${registry.length > 1 ? 's' : ''} in ${file.path} record${all && registry.length === 1 ? 's' : ''} ${field} (for example ${examples}). Without a hash the package manager accepts whatever archive the registry or a mirror serves for that version, so a tampered mirror, cache or registry account goes unnoticed.`,
      path: file.path,
      line: first.line,
      lineText: lineAt(file, first.line),
      needle: first.name,
      fingerprint: file.extractor,
      confidence: 0.8,
    }),
  ];
}

function detect(ctx: RiskContext): RawFinding[] {
  return ctx.files.filter((f) => !isThirdParty(f.path)).flatMap(detectFile);
}

export const check = defineRiskCheck({
  id: 'lockfile-missing-integrity',
  title: 'Lockfile entries without integrity hashes',
  severity: 'MEDIUM',
  confidence: 0.8,
  severityNote: 'MEDIUM; one finding per lockfile',
  description: 'Registry packages in a lockfile have no integrity hash, so the downloaded archives are not verified.',
  remediation:
    'Regenerate the lockfile with a current package manager so that every entry records its hash (`npm install --package-lock-only`, `yarn install`, `pnpm install`, `pipenv lock`, `poetry lock`, `uv lock`, `cargo update -w`), and install with the frozen/locked mode in CI so a hash mismatch fails the build.',
  cwe: 'CWE-353',
  owasp: OWASP.supplyChain,
  docs: {
    summary:
      'Counts the registry packages without a hash in package-lock.json (`integrity`), yarn.lock (`integrity`, or `checksum` for Berry), pnpm-lock.yaml (`resolution.integrity`), bun.lock, Pipfile.lock (`hashes`), poetry.lock (file hashes, or `[metadata.files]` in lock 1.x), uv.lock, Cargo.lock (`checksum`, or `[metadata]` in v1) and NuGet packages.lock.json (`contentHash`). A hash is what lets the package manager refuse an archive that changed after the lockfile was written. Git, URL and local entries are left out (they have no registry hash), and so are bundled npm packages. One finding per lockfile, at the first entry without a hash, with the count.',
    bad: [{
      'package-lock.json':
        '{\n  "name": "cli",\n  "lockfileVersion": 3,\n  "packages": {\n    "": { "name": "cli", "dependencies": { "chalk": "^5.3.0" } },\n    "node_modules/chalk": {\n      "version": "5.3.0",\n      "resolved": "https://registry.npmjs.org/chalk/-/chalk-5.3.0.tgz"\n    }\n  }\n}\n',
    }],
    good: [{
      'package-lock.json':
        '{\n  "name": "cli",\n  "lockfileVersion": 3,\n  "packages": {\n    "": { "name": "cli", "dependencies": { "chalk": "^5.3.0" } },\n    "node_modules/chalk": {\n      "version": "5.3.0",\n      "resolved": "https://registry.npmjs.org/chalk/-/chalk-5.3.0.tgz",\n      "integrity": "sha512-dLitG79d+GV1Nb/VYcCDFivJeK1hiukt9QjRNVOsUtTy1rR1YJsmpGGTZ3qJos+uw7WmWF4wUwBd9jxjocFC2w=="\n    }\n  }\n}\n',
    }],
  },
  run: detect,
});
