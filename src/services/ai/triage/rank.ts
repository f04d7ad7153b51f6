/**
 * Scores every finding, groups them into actions and orders the actions:
 * highest action score first, then more findings first, then by key — the
 * same input gives the same ranking in any order.
 */
import { SEVERITY_RANK, type Finding } from '../../../core/findings.js';
import { compareText } from '../../../core/order.js';
import { cleanLine } from '../prompts/untrusted.js';
import { actionOf, actionTitle, fixedVersionOf, packageOf } from './group.js';
import { scoreFinding } from './score.js';
import type { ActionKind, RankedAction, RankedFinding } from './types.js';

/** How many locations an action's steps list before "and N more". */
const MAX_LOCATIONS = 10;
const MAX_REMEDIATION_STEPS = 6;

function byScore(a: RankedFinding, b: RankedFinding): number {
  return (
    b.score - a.score ||
    SEVERITY_RANK[b.finding.severity] - SEVERITY_RANK[a.finding.severity] ||
    compareText(a.finding.id, b.finding.id) ||
    compareText(locationOf(a.finding), locationOf(b.finding))
  );
}

export function locationOf(f: Finding): string {
  const loc = f.location;
  if (loc.url) return cleanLine(`${loc.method ? `${loc.method} ` : ''}${loc.url}`, 300);
  return cleanLine(`${loc.path ?? loc.target}${loc.line ? `:${loc.line}` : ''}`, 300);
}

/** The remediation text as separate sentences, each one step. */
export function remediationSteps(remediation: string): string[] {
  const text = cleanLine(remediation, 2000).trim();
  if (text === '') return [];
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z`"(])/)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .slice(0, MAX_REMEDIATION_STEPS);
}

function locationsLine(findings: readonly RankedFinding[]): string {
  const unique = [...new Set(findings.map((r) => locationOf(r.finding)))];
  const shown = unique.slice(0, MAX_LOCATIONS).join(', ');
  const more = unique.length > MAX_LOCATIONS ? ` and ${unique.length - MAX_LOCATIONS} more` : '';
  return `${shown}${more}`;
}

function kindSteps(kind: ActionKind, findings: readonly RankedFinding[]): { readonly before: string[]; readonly after: string[] } {
  const where = `Affected: ${locationsLine(findings)}.`;
  switch (kind) {
    case 'rotate-credential': {
      const before = findings.length > 1 ? [`${where} Each place may hold a different credential: rotate every one.`] : [where];
      const after = [
        'Replace each literal with a read from the environment or a secret manager.',
        "Check the issuer's access logs for use of the old values since they were committed.",
      ];
      return { before, after };
    }
    case 'upgrade-dependency': {
      const advisories = [...new Set(findings.map((r) => cleanLine(r.finding.title, 160)))].slice(0, MAX_LOCATIONS);
      const first = findings[0];
      const pkg = (first ? packageOf(first.finding) : undefined) ?? 'the dependency';
      const fixed = findings.map((r) => fixedVersionOf(r.finding)).find((v) => v !== undefined);
      return {
        before: [`One upgrade of ${cleanLine(pkg, 200)} addresses: ${advisories.join('; ')}.`, where],
        after: [`Regenerate the lockfile${fixed ? '' : ' once a fixed version is chosen'}, then run the test suite and deploy.`],
      };
    }
    case 'ignore-env-files':
      return { before: [], after: ['Commit the .gitignore change; a .env that is already tracked also needs `git rm --cached`.'] };
    default:
      return { before: [where], after: [] };
  }
}

function whyOf(findings: readonly RankedFinding[]): string[] {
  const top = findings[0];
  if (!top) return [];
  const b = top.breakdown;
  const f = top.finding;
  const why = [`${f.severity} severity at confidence ${Math.round(f.confidence * 100) / 100}`, b.exposure.reason];
  for (const term of b.bonuses) why.push(`${term.reason} (+${term.value})`);
  if (b.bonuses.length > 1 && b.bonus < b.bonuses.reduce((sum, t) => sum + t.value, 0)) why.push(`exploitability bonus capped at +${b.bonus}`);
  why.push(`effort ${b.effort}: ${b.effortReason}${b.effortPenalty > 0 ? ` (−${b.effortPenalty})` : ''}`);
  if (findings.length > 1) {
    const places = new Set(findings.map((r) => r.finding.location.path ?? r.finding.location.url ?? r.finding.location.target));
    why.push(`${findings.length} findings in ${places.size} place(s)`);
  }
  return why;
}

function buildAction(key: string, kind: ActionKind, members: RankedFinding[]): Omit<RankedAction, 'rank'> {
  const findings = [...members].sort(byScore);
  const top = findings[0] as RankedFinding;
  let severity = top.finding.severity;
  for (const r of findings) if (SEVERITY_RANK[r.finding.severity] > SEVERITY_RANK[severity]) severity = r.finding.severity;
  const { before, after } = kindSteps(kind, findings);
  return {
    key,
    kind,
    title: actionTitle(kind, findings.map((r) => r.finding)),
    score: top.score,
    severity,
    effort: top.breakdown.effort,
    findings,
    why: whyOf(findings),
    steps: [...before, ...remediationSteps(top.finding.remediation), ...after],
  };
}

/** Ranks a scan's findings as actions, most urgent first. */
export function rankFindings(findings: readonly Finding[]): RankedAction[] {
  const groups = new Map<string, { kind: ActionKind; members: RankedFinding[] }>();
  for (const finding of findings) {
    const { key, kind } = actionOf(finding);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { kind, members: [] }));
    group.members.push(scoreFinding(finding));
  }
  const actions: Omit<RankedAction, 'rank'>[] = [];
  for (const [key, { kind, members }] of groups) actions.push(buildAction(key, kind, members));
  actions.sort((a, b) => b.score - a.score || b.findings.length - a.findings.length || compareText(a.key, b.key));
  return actions.map((action, index) => ({ rank: index + 1, ...action }));
}
