/**
 * The known-vulnerable-action check of a scan with `check_cves`: the actions every workflow and
 * action file uses are looked up in the advisory source the dependency check uses (the database
 * `vigil osv import` fills, or the OSV API), under OSV's "GitHub Actions" ecosystem, and matched
 * with the same rules as the built-in seed (action-advisories.ts). Runs on the main thread after
 * the file scanners; findings that repeat a seed finding share its id and merge with it.
 * A source that cannot answer costs this check only: the seed findings stand, with a warning.
 */
import type { RawFinding } from '../../core/findings.js';
import { STALE_ADVISORY_DAYS, type EcosystemCoverage } from '../advisories/coverage.js';
import type { OsvVulnerability } from '../advisories/osv-schema.js';
import { GITHUB_ACTIONS_ECOSYSTEM, type AdvisorySource, type PackageName } from '../advisories/source.js';
import { advisoryHits, resolveUse } from './action-advisories.js';
import { seedRecordsFor } from './known-vulnerable.js';
import type { GithubFile } from './model.js';
import { rule } from './rules/known-vulnerable-action.js';
import { classifyPath, readWorkflowFile, toFinding } from './scanner.js';
import { allUses } from './visitor.js';

export interface ActionAdvisoryOutcome {
  readonly findings: RawFinding[];
  readonly warnings: string[];
  /** What `stats.advisories.ecosystems["GitHub Actions"]` says; undefined when no file uses an action. */
  readonly coverage?: EcosystemCoverage;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Workflow and action files among these paths (GitLab files use no actions). */
export function isActionUser(path: string): boolean {
  const kind = classifyPath(path);
  return kind === 'workflow' || kind === 'action';
}

function model(path: string, text: string): GithubFile | undefined {
  const wf = isActionUser(path) ? readWorkflowFile(path, text) : undefined;
  return wf?.kind === 'gitlab' ? undefined : wf;
}

/**
 * `files` are the workflow and action files of the workspace with their text (others are skipped).
 * Inline `vigil-ignore` comments are for the caller to apply, as the workers do for the file scanners.
 */
export async function checkActionAdvisories(
  files: readonly { readonly path: string; readonly text: string }[],
  source: AdvisorySource,
  signal?: AbortSignal,
  now: Date = new Date(),
): Promise<ActionAdvisoryOutcome> {
  const models: GithubFile[] = [];
  const names = new Set<string>();
  /** Online, the names as written too: OSV compares names as given. */
  const asked = new Map<string, PackageName>();
  for (const { path, text } of files) {
    let wf: GithubFile | undefined;
    try {
      wf = model(path, text);
    } catch {
      continue;
    }
    if (!wf) continue;
    models.push(wf);
    for (const { uses } of allUses(wf)) {
      const use = resolveUse(wf, uses);
      if (!use) continue;
      for (const n of use.names) {
        names.add(n);
        asked.set(n, { ecosystem: GITHUB_ACTIONS_ECOSYSTEM, name: n });
      }
      if (source.mode === 'online') {
        const written = [use.ref.name.split('/').slice(0, 2).join('/'), use.ref.name];
        for (const w of written) asked.set(w, { ecosystem: GITHUB_ACTIONS_ECOSYSTEM, name: w });
      }
    }
  }
  if (names.size === 0) return { findings: [], warnings: [] };
  const seedOnly = (): RawFinding[] => findingsFor(models, seedRecordsFor);
  if (!source.packageRecords) return { findings: seedOnly(), warnings: [], coverage: { packages: names.size, checked: false } };

  let held: Awaited<ReturnType<NonNullable<AdvisorySource['coverage']>>> | undefined;
  const byName = new Map<string, OsvVulnerability[]>();
  try {
    held = await source.coverage?.();
    const queries = [...asked.values()];
    const answers = await source.packageRecords(queries, signal);
    queries.forEach((q, i) => {
      const key = q.name.toLowerCase();
      const list = byName.get(key) ?? [];
      list.push(...(answers[i] ?? []));
      byName.set(key, list);
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const where = source.mode === 'online' ? 'the OSV API could not be reached or did not answer' : 'the offline advisory database could not be read';
    return {
      findings: seedOnly(),
      warnings: [`The known-vulnerable action check failed: ${where} (${reason}); actions were checked against Vigil's built-in list only`],
      coverage: { packages: names.size, checked: false },
    };
  }
  const recordsFor = (wanted: readonly string[]): OsvVulnerability[] => {
    // Imported or fetched records first: a seed record of the same id is the older copy.
    const out = new Map<string, OsvVulnerability>();
    for (const n of wanted) for (const r of byName.get(n) ?? []) if (typeof r?.id === 'string' && !out.has(r.id)) out.set(r.id, r);
    for (const r of seedRecordsFor(wanted)) if (!out.has(r.id)) out.set(r.id, r);
    return [...out.values()];
  };
  const findings = findingsFor(models, recordsFor);
  const warnings: string[] = [];
  let coverage: EcosystemCoverage = { packages: names.size, checked: true };
  if (held) {
    const info = held.get(GITHUB_ACTIONS_ECOSYSTEM);
    coverage = info ? { packages: names.size, advisories: info.advisories, imported_at: info.importedAt, checked: info.advisories > 0 } : { packages: names.size, advisories: 0, checked: false };
    if (!coverage.checked) {
      warnings.push(
        `The offline vulnerability database holds no advisories for GitHub Actions: ${names.size} action(s) were checked against Vigil's built-in list only ` +
          "(import the GitHub Actions OSV export, `GitHub Actions/all.zip`, with `npx vigil osv import`)",
      );
    } else if (info && (now.getTime() - Date.parse(info.importedAt)) / DAY_MS > STALE_ADVISORY_DAYS) {
      warnings.push(
        `The offline advisories for GitHub Actions were last imported ${Math.floor((now.getTime() - Date.parse(info.importedAt)) / DAY_MS)} days ago; vulnerabilities published since are not known (import a fresh export with \`npx vigil osv import\`)`,
      );
    }
  }
  return { findings, warnings, coverage };
}

/** Findings as the file scanner makes them (same rule, keys and ids); inline suppressions are the caller's. */
function findingsFor(models: readonly GithubFile[], recordsFor: (names: readonly string[]) => readonly OsvVulnerability[]): RawFinding[] {
  const out: RawFinding[] = [];
  for (const wf of models) {
    const seen = new Set<string>();
    for (const hit of advisoryHits(wf, recordsFor, { unknownVersions: true })) {
      if (seen.has(hit.key)) continue;
      seen.add(hit.key);
      out.push(toFinding(rule, hit, wf));
    }
  }
  return out;
}
