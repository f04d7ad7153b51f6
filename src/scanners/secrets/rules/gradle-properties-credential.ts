import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

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
  description:
    'A password, token or API key is written into gradle.properties. Such values usually publish artifacts (Maven Central, Artifactory, GitHub Packages) or sign releases, so anyone who reads the repository can publish as the project.',
  remediation:
    'Revoke or change the credential, keep it in ~/.gradle/gradle.properties or ORG_GRADLE_PROJECT_* environment variables set from CI secrets, and remove the committed value from git history.',
  references: ['https://docs.gradle.org/current/userguide/build_environment.html#sec:gradle_configuration_properties'],
  docs: {
    summary: 'Unquoted password, token, secret and API key properties in gradle.properties files.',
    path: 'gradle.properties',
    bad: ['ossrhPassword=' + 'Vr4tYq8Nc2Lm7P', 'signing.password=' + 'Gk8vQ3nZ7wLp'],
    good: ['signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg', 'ossrhPassword=', 'artifactory_password=${ARTIFACTORY_PASSWORD}', 'org.gradle.jvmargs=-Xmx2g'],
  },
});
