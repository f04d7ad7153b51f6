import { OWASP } from '../../../../core/rules.js';
import type { RawFinding } from '../../../../core/findings.js';
import { isEstablished, POPULAR, type PopularEcosystem } from '../popular.js';
import { defineRiskCheck, finding, isThirdParty, lineAt, normaliseName, ownPackageNames, packageKey } from '../shared.js';
import { damerauLevenshtein, SimilarityIndex } from '../similarity.js';
import type { DependencyFile, RiskContext } from '../types.js';

/** Names shorter than this are compared only by confusable skeleton: short names have too many real neighbours (`yazl`, `yaml`). */
const MIN_LENGTH = 5;
/** From this length on, two edits are allowed. */
const LONG_FROM = 10;

const indexes = new Map<PopularEcosystem, SimilarityIndex>();

/** The index over an ecosystem's popular names, built once per process. */
export function popularIndex(ecosystem: PopularEcosystem): SimilarityIndex {
  let index = indexes.get(ecosystem);
  if (index === undefined) {
    index = new SimilarityIndex(POPULAR[ecosystem].names, { minLength: MIN_LENGTH, longFrom: LONG_FROM });
    indexes.set(ecosystem, index);
  }
  return index;
}

/** `@scope/name` → [scope, name]; unscoped → ['', name]. */
function splitScope(name: string): [string, string] {
  const slash = name.startsWith('@') ? name.indexOf('/') : -1;
  return slash > 0 ? [name.slice(0, slash), name.slice(slash + 1)] : ['', name];
}

/**
 * Matches that are not typosquats: names that differ only by a trailing version number,
 * two names in the same npm scope (only
 * the scope's owner can publish there, so `@aws-sdk/client-kms` is no trap for
 * `@aws-sdk/client-sts`), and a two-edit match that swaps one whole word for another
 * (`bare-buffer` / `safe-buffer`): a different name, not a slip. `distance` 0 skips the word test (look-alikes).
 */
export function plausibleTypo(name: string, target: string, distance: number): boolean {
  const [scope, rest] = splitScope(name);
  const [targetScope, targetRest] = splitScope(target);
  if (scope !== '' && scope === targetScope) return false;
  // `blosc2` / `blosc`, `…-agent-v5` / `…-agent-v6`: major-version siblings and forks, not slips.
  const unversioned = (n: string) => n.replace(/[-_.]?v?\d+$/, '');
  if (unversioned(rest) === unversioned(targetRest) && unversioned(rest) !== '') return false;
  if (distance < 2) return true;
  const words = rest.split(/[-_.]/);
  const targetWords = targetRest.split(/[-_.]/);
  if (words.length !== targetWords.length || words.length < 2) return true;
  const differing = words.flatMap((w, i) => (w === targetWords[i] ? [] : [[w, targetWords[i] ?? ''] as const]));
  const [only] = differing;
  return !(differing.length === 1 && only !== undefined && damerauLevenshtein(only[0], only[1], 2) >= 2);
}

function isPopularEcosystem(ecosystem: string): ecosystem is PopularEcosystem {
  return ecosystem === 'npm' || ecosystem === 'PyPI';
}

function detect(ctx: RiskContext): RawFinding[] {
  const own = ownPackageNames(ctx);
  const seen = new Set<string>();
  const out: RawFinding[] = [];
  // Manifests first, so a package is reported where the project declares it.
  const files = [...ctx.files].filter((f) => !isThirdParty(f.path)).sort((a, b) => rank(a) - rank(b));
  for (const file of files) {
    for (const pkg of file.result.packages) {
      if (!isPopularEcosystem(pkg.ecosystem) || pkg.source !== 'registry') continue;
      const key = packageKey(pkg);
      if (seen.has(key) || own.has(key)) continue;
      seen.add(key);
      const name = normaliseName(pkg.ecosystem, pkg.name);
      // Widely used names (jsdoc, tslint, stylus …) sit close to other popular names by nature.
      if (isEstablished(pkg.ecosystem, name)) continue;
      const match = popularIndex(pkg.ecosystem).find(name);
      if (match === undefined || !plausibleTypo(name, match.target, match.kind === 'edit' ? match.distance : 0)) continue;
      const direct = pkg.direct || file.result.kind === 'manifest';
      // `babel-core` for `@babel/core`: often the package's own pre-scope name. Someone typed it only if the project declares it.
      const scopeSwap = match.kind === 'confusable' && (splitScope(name)[0] === '') !== (splitScope(match.target)[0] === '');
      if (scopeSwap && !direct) continue;
      const how = scopeSwap
        ? 'is its name with the scope written into the package name'
        : match.kind === 'confusable'
        ? 'differs from it only by look-alike characters or separators'
        : `is ${match.distance} edit${match.distance > 1 ? 's' : ''} away from it`;
      out.push(
        finding(check, {
          severity: direct && !scopeSwap ? 'MEDIUM' : 'LOW',
          title: `${pkg.name} looks like the popular package ${match.target}`,
          description: `${pkg.name} (${pkg.ecosystem}${direct ? '' : ', transitive'}) is not among the ${POPULAR[pkg.ecosystem].header.count.toLocaleString('en-US')} most downloaded ${pkg.ecosystem} packages but ${how} ${match.target}, which is. Typosquatting packages use such names to catch a mistyped install; they usually behave like the original and add an install script or a payload.`,
          remediation: `Check that ${pkg.name} is the package you mean: compare its publisher, repository and download count with ${match.target}. If it was a typo, replace it with ${match.target} and review what the other package ran on install.`,
          path: file.path, line: pkg.line, lineText: lineAt(file, pkg.line), needle: pkg.name,
          fingerprint: `${pkg.ecosystem}:${name}~${match.target}`,
          confidence: scopeSwap ? 0.4 : (match.kind === 'confusable' ? 0.7 : 0.6) - (direct ? 0 : 0.2),
        }),
      );
    }
  }
  return out;
}

function rank(file: DependencyFile): number {
  return file.result.kind === 'manifest' ? 0 : 1;
}

export const check = defineRiskCheck({
  id: 'typosquat',
  title: 'Possible typosquatted package',
  severity: 'MEDIUM',
  confidence: 0.7,
  severityNote: 'MEDIUM for declared dependencies; LOW for transitive ones and for a scope written into the name (`types-node`)',
  description: 'A dependency name is one typo (or a look-alike spelling) away from a popular package, and is not popular itself.',
  remediation: 'Verify the package is the intended one; replace it with the popular package if it was a typo.',
  cwe: 'CWE-1357',
  owasp: OWASP.vulnerableComponents,
  docs: {
    summary:
      'Compares every npm and PyPI registry package (manifests first, then lockfiles) with the 5,000 most downloaded names of its ecosystem (lists in `src/scanners/dependencies/risks/popular/`, regenerated by `scripts/popular-packages.ts` from a package-index download snapshot). A name is reported when it is not itself in the list, is not established (npm: 50,000 or more monthly downloads; PyPI: among the 15,000 most downloaded; kept as hashes in `*-established.json`), and is within Damerau–Levenshtein distance 1 of a popular name (2 when the names are 10 characters or longer, unless the two edits swap one whole word for another, as in `bare-buffer`/`safe-buffer`; names under 5 characters only by look-alikes; never two names in the same npm scope, where only the scope owner can publish, nor names that differ only by a trailing version number such as `blosc2`), or equal to one after folding look-alikes (`0`/`o`, `1`/`l`/`i`, `rn`/`m`, separators and the scope\'s `@` and `/` removed). PyPI names are compared PEP 503-normalised, so `Python_Dateutil` is `python-dateutil`. A scope written into an unscoped name (`types-node` for `@types/node`) is LOW and only reported where the project declares it, because many packages had such names before scopes existed (`babel-core`). The repository\'s own packages are skipped.',
    bad: [{
      'package.json': '{\n  "name": "dashboard",\n  "dependencies": {\n    "raect": "^18.3.1",\n    "lodahs": "^4.17.21"\n  }\n}\n',
      'requirements.txt': 'reqeusts==2.32.3\npython-dateutils==2.9.0\n',
    }],
    good: [{
      'package.json': '{\n  "name": "dashboard",\n  "dependencies": {\n    "react": "^18.3.1",\n    "lodash": "^4.17.21"\n  }\n}\n',
      'requirements.txt': 'requests==2.32.3\nPython_DateUtil==2.9.0\n',
    }],
  },
  run: detect,
});
