/**
 * What docs/rules/supply-chain.md adds to the shared renderer (../docs.ts): the
 * files the extractors read, the risk checks (risks/docs.ts) and how
 * known-vulnerability checks work. A test keeps the committed page current.
 */
import { EXTRACTORS } from './extractors/index.js';
import type { RulePage } from '../docs.js';
import { popularListsSection, riskChecksPart } from './risks/docs.js';
import type { ExampleFiles, RiskCheck } from './risks/types.js';

/** What each extractor reads and records, for the docs table (a test checks every extractor has a row). */
export const EXTRACTOR_DOCS: Readonly<Record<string, { readonly files: string; readonly notes: string }>> = Object.freeze({
  'package-json': { files: '`package.json`', notes: 'dependencies, devDependencies, optionalDependencies, peerDependencies; `npm:` aliases; git, URL, file and workspace specs' },
  'package-lock': { files: '`package-lock.json`, `npm-shrinkwrap.json`', notes: 'lockfile v1 (nested tree), v2 and v3 (`packages`); resolved URL and integrity' },
  'yarn-lock': { files: '`yarn.lock`', notes: 'classic (v1) and Berry (v2+); resolution and checksum' },
  'pnpm-lock': { files: '`pnpm-lock.yaml`', notes: 'lockfile 5.4, 6.x and 9.x; importers for direct dependencies; integrity; local `file:` folders and tarballs by their own name and version, peer suffixes dropped; the environment document pnpm 10/11 writes first (pnpm itself, config dependencies) is skipped for the project document' },
  'bun-lock': { files: '`bun.lock`', notes: 'text lockfile (bun 1.2+); the binary `bun.lockb` is not read' },
  'requirements-txt': {
    files: '`requirements*.txt`, `*-requirements.txt`, `*_requirements.txt`, `requirements/*.txt`, and any file another one includes',
    notes: '`==` pins, extras, markers, `--hash`, URL/VCS/path requirements; `-r`/`-c` includes followed against the including file\'s folder (inside the workspace, each file once, at most 200)',
  },
  pipfile: { files: '`Pipfile`', notes: '`[packages]`, `[dev-packages]`, git/path/file entries, named indexes' },
  'pipfile-lock': { files: '`Pipfile.lock`', notes: '`default` and `develop`; hashes and index' },
  'poetry-lock': { files: '`poetry.lock`', notes: 'lock 1.x and 2.x; dev groups; git/url/file/directory sources; hashes' },
  'uv-lock': { files: '`uv.lock`', notes: 'registry, git, url and path sources; direct and dev from the project roots; hashes' },
  'pyproject-toml': { files: '`pyproject.toml`', notes: 'PEP 621 dependencies and extras, PEP 735 groups, uv dev-dependencies, Poetry dependencies and groups' },
  'go-mod': {
    files: '`go.mod` (and the `go.sum` beside it before Go 1.17)',
    notes: 'require (with `// indirect`), replace; versions as OSV spells them (no `v`); the standard library as `stdlib` at the toolchain or go version (`1.18rc1` is `1.18.0-rc.1`); before Go 1.17, go.mod lists only direct modules, so go.sum modules with a source hash are reported as transitive at their highest version',
  },
  'cargo-toml': { files: '`Cargo.toml`', notes: 'dependencies, dev-, build- and target-specific dependencies, workspace dependencies, git/path' },
  'cargo-lock': { files: '`Cargo.lock`', notes: 'lockfile v1–v4; registry or git source; checksum' },
  gemfile: { files: '`Gemfile`, `gems.rb`', notes: 'constraints, groups, git/github/path/source options' },
  'gemfile-lock': { files: '`Gemfile.lock`, `gems.locked`', notes: 'GEM, GIT and PATH sections; DEPENDENCIES for direct gems; CHECKSUMS' },
  'composer-json': { files: '`composer.json`', notes: '`require` and `require-dev` (platform packages left out)' },
  'composer-lock': { files: '`composer.lock`', notes: '`packages` and `packages-dev`; dist URL and shasum' },
  'pom-xml': { files: '`pom.xml`', notes: 'direct `<dependencies>` with `${property}` resolution and dependencyManagement versions; the dependencies of every `<profile>` too, with its own properties; test scope is dev' },
  'gradle-lockfile': { files: '`gradle.lockfile`, `*-gradle.lockfile`, `gradle/dependency-locks/*.lockfile`', notes: 'Maven coordinates; test-only configurations are dev' },
  'packages-lock-json': { files: '`packages.lock.json` (NuGet)', notes: 'Direct and Transitive entries for every target framework; contentHash' },
});

const VERSION_ORDERING = [
  ['npm', 'SemVer 2.0.0'],
  ['PyPI', 'PEP 440 (epochs, pre-, post- and dev-releases, local versions)'],
  ['Go', 'SemVer with Go pseudo-versions and `+incompatible`'],
  ['crates.io', 'SemVer 2.0.0'],
  ['RubyGems', '`Gem::Version` (a letter segment makes a prerelease)'],
  ['Packagist', 'Composer ordering (dev < alpha < beta < RC < stable < patch)'],
  ['Maven', 'Maven `ComparableVersion` (alpha < beta < milestone < rc < snapshot < release < sp)'],
  ['NuGet', 'NuGet SemVer (up to four numeric parts, case-insensitive labels)'],
] as const;

/** The supply-chain page: the files read, the risk checks, and how known vulnerabilities are found. */
export function supplyChainPage(): RulePage<RiskCheck, ExampleFiles> {
  const intro: string[] = [
    'Every repository scan reads the manifests and lockfiles below (scanner `supply_chain`, category',
    '`supply_chain`, finding ids `DEP-…`). A file that cannot be parsed becomes a scan warning, never a',
    'failed scan. With `check_cves: true` (API) or `--check-cves` (CLI), every exactly pinned registry',
    'package is also looked up for known vulnerabilities.',
    '',
    '## Supported files',
    '',
    '| Ecosystem | Files | What is read |',
    '|---|---|---|',
  ];
  for (const e of EXTRACTORS) {
    const doc = EXTRACTOR_DOCS[e.id];
    intro.push(`| ${e.ecosystem} | ${doc?.files ?? e.id} | ${doc?.notes ?? ''} |`);
  }
  intro.push(
    '',
    'Each package records its ecosystem, name, version (or the declared requirement), whether the',
    'project declares it (direct) or it comes in through another package (transitive), and the file and',
    'line it came from; findings point there.',
  );
  const outro = [
    ...popularListsSection(),
    '## Known vulnerabilities (`check_cves`)',
    '',
    'Rule `known-vulnerability`. Vigil looks up each distinct (ecosystem, name, version) that a lockfile',
    'or an exact manifest pin names, and reports one finding per vulnerable package version and advisory:',
    '',
    '- **title** `<name>@<version>: <id>`, where the id is the advisory\'s CVE alias when it has one;',
    '  records that alias each other (a GHSA and a PYSEC entry for one CVE) are one finding;',
    '- **severity** from the CVSS v4.0, v3.1, v3.0 or v2 vector computed to a base score (FIRST bands:',
    '  9.0+ critical, 7.0+ high, 4.0+ medium, else low), else the advisory\'s own rating (GHSA\'s',
    '  `database_specific.severity`); a record with neither (most Go, PyPA and RustSec records) takes',
    '  them from its GHSA alias, fetched from the same source (`GET /v1/vulns/{id}` online, the',
    '  imported records offline) and named in `database_specific.severity_source`; else medium;',
    '- **description** from the advisory summary, with its aliases, the CVSS score and vector, and up to',
    '  five references;',
    '- **remediation** naming the lowest fixed version above the current one, or saying no fix exists;',
    '  for transitive packages, how to move them (update the parent, or an override/resolution);',
    '- **owasp_categories** `A06:2021` and `A03:2025`.',
    '',
    'For a direct dependency with a fixed version, `POST /v1/fix/pr` opens a pull request that raises it in',
    'its manifest and says how to regenerate the lockfile ([fix pull requests](../fix-pr.md#dependency-upgrades)).',
    '',
    '### Online (default, `OSV_MODE=online`)',
    '',
    'Queries go to `OSV_API_URL` (default `https://api.osv.dev`): `POST /v1/querybatch` with at most',
    '1,000 queries per request, following `next_page_token` for queries with many results, then',
    '`GET /v1/vulns/{id}` for each advisory, eight at a time, through a cache shared by all scans',
    '(one hour, 20,000 records). So a scan sends about packages/1000 + distinct advisories requests.',
    'Failures (429 and 5xx) are retried twice, honouring `Retry-After`. If OSV still cannot be reached,',
    'the scan completes with its other findings and a `warnings` entry saying the CVE check failed.',
    '',
    '### Offline (`OSV_MODE=offline`)',
    '',
    '`npx vigil osv import <file-or-folder>…` loads OSV records into the service\'s database: the',
    'per-ecosystem exports (`https://osv-vulnerabilities.storage.googleapis.com/<ecosystem>/all.zip`,',
    'downloaded by you on a machine with internet access), folders of OSV JSON files, single JSON files,',
    'or a JSON-lines file: one OSV record per line, named `.jsonl` or `.ndjson`, optionally gzip-compressed',
    '(`.jsonl.gz`, `.ndjson.gz`; a `.jsonl` that is compressed is recognised by its gzip signature). JSON lines are read as a stream, one line',
    'of at most 8 MiB at a time, so a file of any size imports in bounded memory. A record that is not',
    'valid (not JSON, no `id` or `modified`, too large) is counted and skipped, never fatal; the first 20 are',
    'named on stderr with their file, zip entry or line number (`osv.jsonl line 3: not JSON (…)`).',
    'A record replaces the stored copy of the same id unless the stored one is newer; `npx vigil osv status`',
    'shows what is loaded. Matching is done locally with the OSV schema\'s range semantics:',
    '`introduced`, `fixed`, `last_affected` and `limit` events, `SEMVER` ranges in SemVer order,',
    '`ECOSYSTEM` ranges in the ecosystem\'s own order, explicit `versions` lists, and withdrawn',
    'records ignored. `GIT` ranges name commits, not versions, so they match only through the',
    'record\'s `versions` list (as for the OSV API when queried by version). The same records give the',
    'same findings online and offline (tested). A version is in a `versions` list when it is written',
    'the same or is equal in the ecosystem\'s ordering (PEP 440 `0.5` and `0.5.0`, NuGet `1.0` and',
    '`1.0.0.0`).',
    '',
    '| Ecosystem | Version ordering |',
    '|---|---|',
    ...VERSION_ORDERING.map(([e, o]) => `| ${e} | ${o} |`),
    '',
    'If the offline database is empty, a `check_cves` scan says so in its warnings instead of',
    'reporting "nothing vulnerable". The same holds per ecosystem: a scan whose packages include an',
    'ecosystem with no imported advisories (npm packages when only the PyPI export was imported) gets a',
    'warning naming the ecosystem and how many of its package versions went unchecked, and one whose',
    'advisories were last imported more than 30 days ago gets a warning giving their age.',
    '`npx vigil osv status` lists the advisories and the latest import date per ecosystem.',
    '',
    'Every scan with `check_cves` carries `stats.advisories` (added to the specification\'s fields):',
    '`mode` (`online` or `offline`) and, per ecosystem of the scanned packages, `packages` (distinct',
    'versions looked up), `checked` (false when they could not really be checked), and offline the',
    '`advisories` in force for it and their `imported_at` date.',
    '',
    '```json',
    '"advisories": { "mode": "offline", "ecosystems": {',
    '  "PyPI": { "packages": 12, "advisories": 15870, "imported_at": "2026-11-20T09:12:44.000Z", "checked": true },',
    '  "npm":  { "packages": 340, "advisories": 0, "checked": false } } }',
    '```',
  ];
  return { file: 'supply-chain.md', title: 'Supply-chain rules', source: 'src/scanners/dependencies', intro, ...riskChecksPart(), outro };
}
