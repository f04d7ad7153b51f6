/**
 * The offline fix for one finding: the remediation as numbered steps, a
 * unified diff where the change is mechanical, rotation steps for secrets,
 * verification and references.
 */
import type { Finding } from '../../../core/findings.js';
import { cleanLine } from '../prompts/untrusted.js';
import { remediationSteps } from '../triage/rank.js';
import { envVarPatch, gitignorePatch } from './diff.js';
import { headerAdviceFor, verificationSteps } from './knowledge.js';
import { answer, bullets, factsOf, numbered, referencesOf, section } from './text.js';

const ROTATION_STEPS: readonly string[] = Object.freeze([
  'Revoke or rotate the credential at its issuer first: removing it from the code does not make it safe, because it stays in git history, forks and clones.',
  'Store the new value in a secret manager or your CI/CD secret store and inject it into the environment at deploy time; never commit it.',
  "Check the issuer's access logs for use of the old value since it was committed, and follow your incident process if you find any.",
  'Remove the value from git history (git filter-repo --replace-text, or BFG), force-push, and ask collaborators to re-clone. Rotation is what protects you; the purge only limits further exposure.',
]);

function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body}\n\`\`\``;
}

function mechanicalChange(f: Finding): { readonly text: string; readonly extraSteps: readonly string[] } {
  if (f.rule_id === 'env-not-gitignored') {
    return { text: `Add the dotenv patterns to the root .gitignore:\n\n${fence('diff', gitignorePatch(f))}`, extraSteps: [] };
  }
  if (f.rule_id === 'committed-env-file') {
    const path = cleanLine(f.location.path ?? '.env', 300);
    return {
      text: `Stop tracking the file (\`git rm --cached ${path}\`) and ignore dotenv files from now on:\n\n${fence('diff', gitignorePatch(f))}`,
      extraSteps: [`Run \`git rm --cached ${path}\` and commit it together with the .gitignore change; keep a template such as .env.example with empty values.`],
    };
  }
  const patch = envVarPatch(f);
  if (patch) {
    const note = patch.expression.startsWith('os.environ') ? ' Add `import os` at the top of the file if it is not there.' : '';
    return {
      text: `Read the value from the environment variable ${patch.name} instead of the literal:\n\n${fence('diff', patch.diff)}\n\nThe removed line is the line as Vigil reported it (secret masked, spacing collapsed): apply the change by hand or adapt the patch.${note}`,
      extraSteps: [`Set ${patch.name} in every environment that runs this code (local .env that is git-ignored, CI secrets, the deployment's secret store).`],
    };
  }
  const header = f.category === 'headers' ? headerAdviceFor(f) : undefined;
  if (header) {
    const config = [
      `# nginx (server or location block)\nadd_header ${header.name} "${header.value}" always;`,
      `// Express / Node.js\nres.setHeader('${header.name}', "${header.value}");`,
    ].join('\n\n');
    return { text: `Send ${header.name} on every response. Configuration examples:\n\n${fence('text', config)}`, extraSteps: [] };
  }
  return {
    text: 'No mechanical patch: this change depends on code or configuration Vigil did not see. Follow the steps below; POST /v1/fix with an AI provider configured proposes a diff for the specific code.',
    extraSteps: [],
  };
}

export function builtinFix(finding: Finding): string {
  const facts = factsOf(finding);
  const change = mechanicalChange(finding);
  const isCredential = finding.category === 'secrets' && finding.rule_id !== 'env-not-gitignored';
  const steps = [...remediationSteps(facts.remediation), ...change.extraSteps];
  const parts = [
    section('Summary', `How to fix ${facts.title} (${finding.severity}) at ${facts.where}. ${facts.remediation}`),
    section('Fix', change.text),
    section('Migration steps', numbered(steps.length > 0 ? steps : [facts.remediation])),
  ];
  if (isCredential) parts.push(section('Rotation', numbered(ROTATION_STEPS)));
  parts.push(section('Verification', numbered(verificationSteps(finding))), section('References', bullets(referencesOf(finding, facts))));
  return answer(parts);
}
