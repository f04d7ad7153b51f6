/**
 * What docs/rules/supply-chain.md adds to the shared renderer (../docs.ts): the
 * files the extractors read, the risk checks (risks/docs.ts) and how
 * known-vulnerability checks work. A test keeps the committed page current.
 */
import { EXTRACTORS } from './extractors/index.js';
import type { RulePage } from '../docs.js';
import { popularListsSection, riskChecksPart } from './risks/docs.js';
import type { ExampleFiles, RiskCheck } from './risks/types.js';


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
    intro.push(`| ${e.ecosystem} | ${e.docs.files} | ${e.docs.notes} |`);
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
