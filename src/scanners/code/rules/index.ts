/** Every code rule, in the order the docs list them. A new rule file must be added here (a test checks it). */
import type { CodeRule } from '../rule.js';
import { rule as codeInjection } from './code-injection.js';
import { rule as commandInjection } from './command-injection.js';
import { rule as corsPermissiveCredentials } from './cors-permissive-credentials.js';
import { rule as debugModeEnabled } from './debug-mode-enabled.js';
import { rule as domXss } from './dom-xss.js';
import { rule as hardcodedSessionSecret } from './hardcoded-session-secret.js';
import { rule as insecureCookie } from './insecure-cookie.js';
import { rule as insecureDeserialization } from './insecure-deserialization.js';
import { rule as insecureRandomness } from './insecure-randomness.js';
import { rule as jinjaUnescapedOutput } from './jinja-unescaped-output.js';
import { rule as jwtHardcodedSecret } from './jwt-hardcoded-secret.js';
import { rule as jwtInsecureVerification } from './jwt-insecure-verification.js';
import { rule as massAssignment } from './mass-assignment.js';
import { rule as nosqlInjection } from './nosql-injection.js';
import { rule as openRedirect } from './open-redirect.js';
import { rule as pathTraversal } from './path-traversal.js';
import { rule as prototypePollution } from './prototype-pollution.js';
import { rule as reflectedXss } from './reflected-xss.js';
import { rule as regexInjection } from './regex-injection.js';
import { rule as sqlInjection } from './sql-injection.js';
import { rule as ssrf } from './ssrf.js';
import { rule as templateInjection } from './template-injection.js';
import { rule as tlsVerificationDisabled } from './tls-verification-disabled.js';
import { rule as tokenInLocalStorage } from './token-in-local-storage.js';
import { rule as weakCipher } from './weak-cipher.js';
import { rule as weakPasswordHash } from './weak-password-hash.js';
import { rule as weakRsaKey } from './weak-rsa-key.js';

export const CODE_RULES: readonly CodeRule[] = Object.freeze([
  sqlInjection,
  commandInjection,
  codeInjection,
  templateInjection,
  pathTraversal,
  ssrf,
  reflectedXss,
  domXss,
  jinjaUnescapedOutput,
  openRedirect,
  nosqlInjection,
  regexInjection,
  prototypePollution,
  insecureDeserialization,
  massAssignment,
  weakPasswordHash,
  weakCipher,
  insecureRandomness,
  weakRsaKey,
  tlsVerificationDisabled,
  jwtInsecureVerification,
  jwtHardcodedSecret,
  hardcodedSessionSecret,
  insecureCookie,
  corsPermissiveCredentials,
  debugModeEnabled,
  tokenInLocalStorage,
]);
