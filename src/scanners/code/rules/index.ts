/** Every code rule, in the order the docs list them. A new rule file must be added here (a test checks it). */
import type { CodeRule } from '../rule.js';
import { rule as sqlInjection } from './sql-injection.js';
import { rule as commandInjection } from './command-injection.js';
import { rule as codeInjection } from './code-injection.js';
import { rule as templateInjection } from './template-injection.js';
import { rule as pathTraversal } from './path-traversal.js';
import { rule as ssrf } from './ssrf.js';
import { rule as reflectedXss } from './reflected-xss.js';
import { rule as domXss } from './dom-xss.js';
import { rule as jinjaUnescapedOutput } from './jinja-unescaped-output.js';
import { rule as openRedirect } from './open-redirect.js';
import { rule as nosqlInjection } from './nosql-injection.js';
import { rule as xpathInjection } from './xpath-injection.js';
import { rule as ldapInjection } from './ldap-injection.js';
import { rule as regexInjection } from './regex-injection.js';
import { rule as logInjection } from './log-injection.js';
import { rule as javaTrustBoundary } from './java-trust-boundary-violation.js';
import { rule as weakHash } from './weak-hash.js';
import { rule as regexBacktracking } from './regex-catastrophic-backtracking.js';
import { rule as templateObjectInjection } from './template-object-injection.js';
import { rule as prototypePollution } from './prototype-pollution.js';
import { rule as insecureDeserialization } from './insecure-deserialization.js';
import { rule as massAssignment } from './mass-assignment.js';
import { rule as trustBoundaryViolation } from './trust-boundary-violation.js';
import { rule as weakPasswordHash } from './weak-password-hash.js';
import { rule as weakCipher } from './weak-cipher.js';
import { rule as insecureRandomness } from './insecure-randomness.js';
import { rule as weakRsaKey } from './weak-rsa-key.js';
import { rule as tlsVerificationDisabled } from './tls-verification-disabled.js';
import { rule as jwtInsecureVerification } from './jwt-insecure-verification.js';
import { rule as jwtHardcodedSecret } from './jwt-hardcoded-secret.js';
import { rule as hardcodedSessionSecret } from './hardcoded-session-secret.js';
import { rule as hardcodedSigningKey } from './hardcoded-signing-key.js';
import { rule as insecureCookie } from './insecure-cookie.js';
import { rule as corsPermissiveCredentials } from './cors-permissive-credentials.js';
import { rule as debugModeEnabled } from './debug-mode-enabled.js';
import { rule as tokenInLocalStorage } from './token-in-local-storage.js';
import { rule as xxe } from './xxe.js';
import { rule as clientLogoutOnly } from './client-logout-only.js';
import { rule as clientSideAuthorization } from './client-side-authorization.js';
import { rule as phpSqlInjection } from './php-sql-injection.js';
import { rule as phpCommandInjection } from './php-command-injection.js';
import { rule as phpCodeInjection } from './php-code-injection.js';
import { rule as phpFileInclusion } from './php-file-inclusion.js';
import { rule as phpInsecureDeserialization } from './php-insecure-deserialization.js';
import { rule as phpPathTraversal } from './php-path-traversal.js';
import { rule as phpSsrf } from './php-ssrf.js';
import { rule as phpXss } from './php-xss.js';
import { rule as phpOpenRedirect } from './php-open-redirect.js';
import { rule as phpWeakHash } from './php-weak-hash.js';
import { rule as phpUnrestrictedUpload } from './php-unrestricted-upload.js';
import { rule as phpWeakCipher } from './php-weak-cipher.js';
import { rule as phpInsecureRandomness } from './php-insecure-randomness.js';
import { rule as phpInsecureCookie } from './php-insecure-cookie.js';
import { rule as phpTlsVerificationDisabled } from './php-tls-verification-disabled.js';
import { rule as goSqlInjection } from './go-sql-injection.js';
import { rule as goCommandInjection } from './go-command-injection.js';
import { rule as goPathTraversal } from './go-path-traversal.js';
import { rule as goSsrf } from './go-ssrf.js';
import { rule as goXss } from './go-xss.js';
import { rule as goOpenRedirect } from './go-open-redirect.js';
import { rule as goWeakHash } from './go-weak-hash.js';
import { rule as goWeakCipher } from './go-weak-cipher.js';
import { rule as goInsecureRandomness } from './go-insecure-randomness.js';
import { rule as goInsecureCookie } from './go-insecure-cookie.js';
import { rule as goTlsInsecureSkipVerify } from './go-tls-insecure-skip-verify.js';
import { rule as javaSqlInjection } from './java-sql-injection.js';
import { rule as javaCommandInjection } from './java-command-injection.js';
import { rule as javaInsecureDeserialization } from './java-insecure-deserialization.js';
import { rule as javaXxe } from './java-xxe.js';
import { rule as javaLdapInjection } from './java-ldap-injection.js';
import { rule as javaXpathInjection } from './java-xpath-injection.js';
import { rule as javaPathTraversal } from './java-path-traversal.js';
import { rule as javaSsrf } from './java-ssrf.js';
import { rule as javaXss } from './java-xss.js';
import { rule as javaOpenRedirect } from './java-open-redirect.js';
import { rule as javaWeakHash } from './java-weak-hash.js';
import { rule as javaWeakCipher } from './java-weak-cipher.js';
import { rule as javaInsecureRandomness } from './java-insecure-randomness.js';
import { rule as javaInsecureCookie } from './java-insecure-cookie.js';
import { rule as javaTlsVerificationDisabled } from './java-tls-verification-disabled.js';
import { rule as rubySqlInjection } from './ruby-sql-injection.js';
import { rule as rubyCommandInjection } from './ruby-command-injection.js';
import { rule as rubyCodeInjection } from './ruby-code-injection.js';
import { rule as rubyInsecureDeserialization } from './ruby-insecure-deserialization.js';
import { rule as rubyPathTraversal } from './ruby-path-traversal.js';
import { rule as rubySsrf } from './ruby-ssrf.js';
import { rule as rubyXss } from './ruby-xss.js';
import { rule as rubyOpenRedirect } from './ruby-open-redirect.js';
import { rule as rubyWeakHash } from './ruby-weak-hash.js';
import { rule as rubyWeakCipher } from './ruby-weak-cipher.js';
import { rule as rubyInsecureRandomness } from './ruby-insecure-randomness.js';
import { rule as rubyTlsVerificationDisabled } from './ruby-tls-verification-disabled.js';

export const CODE_RULES: readonly CodeRule[] = Object.freeze([
  sqlInjection,
  commandInjection,
  codeInjection,
  templateInjection,
  templateObjectInjection,
  pathTraversal,
  ssrf,
  reflectedXss,
  domXss,
  jinjaUnescapedOutput,
  openRedirect,
  nosqlInjection,
  xpathInjection,
  ldapInjection,
  regexInjection,
  logInjection,
  javaTrustBoundary,
  weakHash,
  regexBacktracking,
  prototypePollution,
  insecureDeserialization,
  massAssignment,
  trustBoundaryViolation,
  weakPasswordHash,
  weakCipher,
  insecureRandomness,
  weakRsaKey,
  tlsVerificationDisabled,
  jwtInsecureVerification,
  jwtHardcodedSecret,
  hardcodedSessionSecret,
  hardcodedSigningKey,
  insecureCookie,
  corsPermissiveCredentials,
  debugModeEnabled,
  tokenInLocalStorage,
  xxe,
  clientLogoutOnly,
  clientSideAuthorization,
  phpSqlInjection,
  phpCommandInjection,
  phpCodeInjection,
  phpFileInclusion,
  phpInsecureDeserialization,
  phpPathTraversal,
  phpSsrf,
  phpXss,
  phpOpenRedirect,
  phpWeakHash,
  phpUnrestrictedUpload,
  phpWeakCipher,
  phpInsecureRandomness,
  phpInsecureCookie,
  phpTlsVerificationDisabled,
  goSqlInjection,
  goCommandInjection,
  goPathTraversal,
  goSsrf,
  goXss,
  goOpenRedirect,
  goWeakHash,
  goWeakCipher,
  goInsecureRandomness,
  goInsecureCookie,
  goTlsInsecureSkipVerify,
  javaSqlInjection,
  javaCommandInjection,
  javaInsecureDeserialization,
  javaXxe,
  javaLdapInjection,
  javaXpathInjection,
  javaPathTraversal,
  javaSsrf,
  javaXss,
  javaOpenRedirect,
  javaWeakHash,
  javaWeakCipher,
  javaInsecureRandomness,
  javaInsecureCookie,
  javaTlsVerificationDisabled,
  rubySqlInjection,
  rubyCommandInjection,
  rubyCodeInjection,
  rubyInsecureDeserialization,
  rubyPathTraversal,
  rubySsrf,
  rubyXss,
  rubyOpenRedirect,
  rubyWeakHash,
  rubyWeakCipher,
  rubyInsecureRandomness,
  rubyTlsVerificationDisabled,
]);
