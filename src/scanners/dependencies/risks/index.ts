/** The supply-chain risk checks, run together over one workspace's dependency files. */
import type { RawFinding } from '../../../core/findings.js';
import { check as dependencyConfusion } from './checks/dependency-confusion.js';
import { check as floatingVersion } from './checks/floating-version.js';
import { check as installScriptDownload } from './checks/install-script-download.js';
import { check as lockfileForeignHost } from './checks/lockfile-foreign-host.js';
import { check as lockfileMissingIntegrity } from './checks/lockfile-missing-integrity.js';
import { check as missingLockfile } from './checks/missing-lockfile.js';
import { check as nonRegistrySource } from './checks/non-registry-source.js';
import { check as typosquat } from './checks/typosquat.js';
import type { RiskCheck, RiskContext } from './types.js';

export { CONFIG_FILE_NAMES } from './registries.js';

export const RISK_CHECKS: readonly RiskCheck[] = Object.freeze([
  missingLockfile,
  floatingVersion,
  nonRegistrySource,
  lockfileForeignHost,
  lockfileMissingIntegrity,
  installScriptDownload,
  dependencyConfusion,
  typosquat,
]);

/** Every check over the context, in RISK_CHECKS order. A check that throws costs its own findings only. */
export function runRiskChecks(ctx: RiskContext, checks: readonly RiskCheck[] = RISK_CHECKS): RawFinding[] {
  const out: RawFinding[] = [];
  for (const check of checks) {
    try {
      out.push(...check.run(ctx));
    } catch {
      // Checks are written not to throw; a bug in one must not hide the others' findings.
    }
  }
  return out;
}
