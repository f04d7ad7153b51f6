/**
 * Which findings are one piece of work (an action), and what that work is
 * called. The grouping rules are explained in docs/ai-triage.md.
 */
import type { Finding } from '../../../core/findings.js';
import { cleanLine } from '../prompts/untrusted.js';
import type { ActionKind } from './types.js';

export interface ActionIdentity {
  readonly key: string;
  readonly kind: ActionKind;
}

/** `name@1.2.3`, `@scope/name@1.2.3`, `github.com/org/mod@v1.2.3`, `group:artifact@1.2.3`, `name==1.2.3`. */
const PACKAGE_AT_VERSION = /(?:^|[\s(`'"[])([@A-Za-z0-9][\w./:-]{0,200})(?:@v?|==)(\d[\w.+-]{0,50})/;
const FIXED_VERSION = /\b(?:fixed|patched) in (?:version )?v?(\d[\w.+-]{0,50})|\bupgrade to (?:version )?v?(\d[\w.+-]{0,50})|\bfirst fixed (?:version )?:?\s?v?(\d[\w.+-]{0,50})/i;

/** The dependency a supply-chain finding is about, lower-cased, if its text names one as name@version. */
export function packageOf(f: Finding): string | undefined {
  for (const text of [f.title, f.evidence, f.description]) {
    const m = PACKAGE_AT_VERSION.exec(text.slice(0, 4000));
    if (m?.[1] !== undefined) return m[1].toLowerCase();
  }
  return undefined;
}

/** The fixed version a finding's text names ("fixed in 4.17.21", "upgrade to 2.0.1"). */
export function fixedVersionOf(f: Finding): string | undefined {
  for (const text of [f.remediation, f.description, f.evidence]) {
    const m = FIXED_VERSION.exec(text.slice(0, 4000));
    const version = m?.[1] ?? m?.[2] ?? m?.[3];
    if (version !== undefined) return version.replace(/[.,;:]+$/, '');
  }
  return undefined;
}

/** Numeric comparison of dotted versions ("4.17.21" > "4.9.0"); non-numeric parts compare as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = Number(x);
    const ny = Number(y);
    const diff = Number.isInteger(nx) && Number.isInteger(ny) ? nx - ny : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}

function ruleOrTitle(f: Finding): string {
  return f.rule_id ? `rule:${f.rule_id}` : `title:${f.title.toLowerCase()}`;
}

/** The grouping key and kind of work of a finding. */
export function actionOf(f: Finding): ActionIdentity {
  const target = f.location.target;
  switch (f.category) {
    case 'secrets':
      if (f.rule_id === 'env-not-gitignored') return { key: `gitignore|${target}`, kind: 'ignore-env-files' };
      return { key: `secret|${target}|${ruleOrTitle(f)}`, kind: 'rotate-credential' };
    case 'supply_chain': {
      const pkg = packageOf(f);
      if (pkg) return { key: `dependency|${target}|${pkg}`, kind: 'upgrade-dependency' };
      return { key: `dependency|${target}|${ruleOrTitle(f)}`, kind: 'review' };
    }
    case 'headers':
      return { key: `header|${target}|${f.title.toLowerCase()}`, kind: 'set-header' };
    case 'cors':
      return { key: `cors|${target}|${f.title.toLowerCase()}`, kind: 'fix-cors' };
    case 'cicd':
      return { key: `workflow|${target}|${ruleOrTitle(f)}|${f.location.path ?? ''}`, kind: 'harden-workflow' };
    default:
      return { key: `code|${target}|${ruleOrTitle(f)}|${f.location.path ?? ''}`, kind: 'fix-code' };
  }
}

/** The highest fixed version named by any of the findings. */
function highestFixedVersion(findings: readonly Finding[]): string | undefined {
  let best: string | undefined;
  for (const f of findings) {
    const v = fixedVersionOf(f);
    if (v !== undefined && (best === undefined || compareVersions(v, best) > 0)) best = v;
  }
  return best;
}

/** A short imperative title for the action; `findings` are highest score first. */
export function actionTitle(kind: ActionKind, findings: readonly Finding[]): string {
  const top = findings[0];
  if (!top) return 'No findings';
  const title = cleanLine(top.title, 200);
  const path = cleanLine(top.location.path ?? '', 300);
  const target = cleanLine(top.location.target, 300);
  switch (kind) {
    case 'rotate-credential':
      if (top.rule_id === 'committed-env-file') return 'Untrack committed .env files and rotate their values';
      return `Rotate and remove the leaked ${title}`;
    case 'ignore-env-files':
      return 'Ignore .env files in .gitignore';
    case 'upgrade-dependency': {
      const fixed = highestFixedVersion(findings);
      const pkg = cleanLine(packageOf(top) ?? title, 200);
      return fixed ? `Upgrade ${pkg} to ${cleanLine(fixed, 60)} or later` : `Upgrade or replace ${pkg}`;
    }
    case 'set-header':
    case 'fix-cors':
      return `${title} on ${target}`;
    case 'fix-code':
    case 'harden-workflow':
      return path ? `Fix ${title} in ${path}` : `Fix ${title}`;
    case 'review':
      return `Review: ${title}`;
  }
}
