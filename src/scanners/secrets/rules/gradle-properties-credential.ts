import { defineRule } from '../rule.js';

/** Passwords that stand in for a real one in docs, templates and defaults (lower case, optionally de-leeted). */
const STAND_IN =
  /^(?:my|db|app|the|some|new|your|proxy|user|admin|root|super|default|dev|test|local)?[_-]?(?:pass|pwd|pw|passw|pass(?:word|wd|wort)|secret|secure|admin|root|user|test|guest|demo|dev|default|changeit|letmein|qwerty|abc|foo|bar|baz|xyz|hunter|tiger|foobared|sesame|wordpress|login|private|token|key|none|null|empty|redis|mongo|postgres|mysql|mariadb|rabbit(?:mq)?|mail|smtp|ldap|sa)[_-]?(?:pass|pwd|pw|word)?[_-]?\d{0,6}!?$/;

function deleet(value: string): string {
  return value.toLowerCase().replace(/@/g, 'a').replace(/0/g, 'o').replace(/[1!]/g, 'i').replace(/3/g, 'e').replace(/[$5]/g, 's').replace(/4/g, 'a');
}

/** True for passwords that are templates, masks, defaults or documentation stand-ins. */
function isStandInPassword(password: string, user: string): boolean {
  let value = password;
  try {
    value = decodeURIComponent(password);
  } catch {
    // Not percent-encoded: keep it as written.
  }
  const lower = value.toLowerCase();
  if (value.length < 4 || lower === user.toLowerCase() || /^anonymous$/i.test(user)) return true;
  // Templates and masks: $VAR, ${VAR}, $(cmd), %(name)s, {name}, [password], ***.
  if (/\$[{(A-Za-z_]|%(?![0-9A-Fa-f]{2})|\{[A-Za-z_][\w.-]{0,60}\}|^\[.{0,128}\]$|\*{3}/.test(password)) return true;
  // A bare short word, words joined by _, - or spaces (db_pass, PASSWORD_HERE), digit runs, port-like numbers.
  if (/^[A-Za-z]{1,6}$/.test(value) || /^[A-Za-z]{1,30}(?:[ _-][A-Za-z]{1,30}){1,6}$/.test(value) || /^(?:0?1234\d{0,6}|(\d)\1{2,12}|\d{1,5})$/.test(value)) return true;
  const plain = deleet(value);
  return /passw(?:or)?d|passwort/.test(plain) || STAND_IN.test(lower) || STAND_IN.test(plain);
}

/** Property names that hold something about a credential rather than the credential. */
const NOT_A_VALUE = /(?:file|path|id|url|uri|name|type|ring|ringfile|keyid|header|user|username|enabled|expir\w{0,10})$/i;

/**
 * Credentials in gradle.properties (ossrhPassword, signing.password,
 * artifactory_password, mavenCentralToken, githubToken …): unquoted, so the
 * quoted-literal generic rule does not see them.
 */
export default defineRule({
  id: 'gradle-properties-credential',
  title: 'Credential in gradle.properties',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['password', 'passwd', 'token', 'secret', 'apikey', 'api_key', 'api.key', 'api-key'],
  pathPattern: /(?:^|\/)gradle\.properties$/,
  pattern: /^[ \t]{0,8}(?:systemProp\.)?(?<key>[\w.-]{0,60}(?:password|passwd|token|secret|apikey|api[_.-]key)[\w.-]{0,30})[ \t]{0,4}[=:][ \t]{0,4}(?<secret>\S{4,512})/i,
  validate: (secret, { groups }) => {
    if (NOT_A_VALUE.test(groups.key ?? '') || secret.includes('${')) return false;
    return !isStandInPassword(secret, '');
  },
  cwe: 'CWE-798',
  description:
    'A password, token or API key is written into gradle.properties. Such values usually publish artifacts (Maven Central, Artifactory, GitHub Packages) or sign releases, so anyone who reads the repository can publish as the project.',
  remediation:
    'Revoke or change the credential, keep it in ~/.gradle/gradle.properties or ORG_GRADLE_PROJECT_* environment variables set from CI secrets, and remove the committed value from git history.',
  references: ['https://docs.gradle.org/current/userguide/build_environment.html#sec:gradle_configuration_properties'],
  docs: {
    summary: 'Unquoted password, token, secret and API key properties in gradle.properties files.',
    path: 'gradle.properties',
    ng: ['ossrhPassword=' + 'Vr4tYq8Nc2Lm7P', 'signing.password=' + 'Gk8vQ3nZ7wLp'],
    ok: ['signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg', 'ossrhPassword=', 'artifactory_password=${ARTIFACTORY_PASSWORD}', 'org.gradle.jvmargs=-Xmx2g'],
  },
});
