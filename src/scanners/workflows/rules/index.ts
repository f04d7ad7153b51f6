/**
 * The explicit registry of CI/CD workflow rules (GitHub Actions and GitLab CI). A test checks that it lists
 * every file in this folder exactly once; each file exports its rule as `rule`.
 */
import type { WorkflowRule } from '../rule.js';
import { rule as templateInjection } from './template-injection.js';
import { rule as dangerousCheckout } from './dangerous-checkout.js';
import { rule as unpinnedAction } from './unpinned-action.js';
import { rule as knownCompromisedAction } from './known-compromised-action.js';
import { rule as excessivePermissions } from './excessive-permissions.js';
import { rule as secretsInherit } from './secrets-inherit.js';
import { rule as persistedCheckoutCredentials } from './persisted-checkout-credentials.js';
import { rule as selfHostedRunnerUntrusted } from './self-hosted-runner-untrusted.js';
import { rule as untrustedEnvWrite } from './untrusted-env-write.js';
import { rule as curlPipeShell } from './curl-pipe-shell.js';
import { rule as cachePoisoning } from './cache-poisoning.js';
import { rule as spoofableBotCondition } from './spoofable-bot-condition.js';
import { rule as overprovisionedSecrets } from './overprovisioned-secrets.js';
import { rule as insecureCommands } from './insecure-commands.js';
import { rule as knownVulnerableAction } from './known-vulnerable-action.js';
import { rule as obfuscation } from './obfuscation.js';
import { rule as unsoundCondition } from './unsound-condition.js';
import { rule as unpinnedContainerImage } from './unpinned-container-image.js';
import { rule as hardcodedContainerCredentials } from './hardcoded-container-credentials.js';
import { rule as unsoundContains } from './unsound-contains.js';
import { rule as useTrustedPublishing } from './use-trusted-publishing.js';
import { rule as dangerousTriggers } from './dangerous-triggers.js';
import { rule as unredactedSecrets } from './unredacted-secrets.js';
import { rule as gitlabScriptInjection } from './gitlab-script-injection.js';
import { rule as gitlabUnpinnedImage } from './gitlab-unpinned-image.js';
import { rule as gitlabRemoteInclude } from './gitlab-remote-include.js';

export const WORKFLOW_RULES: readonly WorkflowRule[] = Object.freeze([
  templateInjection,
  dangerousCheckout,
  unpinnedAction,
  knownCompromisedAction,
  knownVulnerableAction,
  excessivePermissions,
  secretsInherit,
  persistedCheckoutCredentials,
  selfHostedRunnerUntrusted,
  untrustedEnvWrite,
  curlPipeShell,
  cachePoisoning,
  spoofableBotCondition,
  overprovisionedSecrets,
  insecureCommands,
  obfuscation,
  unsoundCondition,
  unpinnedContainerImage,
  hardcodedContainerCredentials,
  unsoundContains,
  useTrustedPublishing,
  dangerousTriggers,
  unredactedSecrets,
  gitlabScriptInjection,
  gitlabUnpinnedImage,
  gitlabRemoteInclude,
]);
