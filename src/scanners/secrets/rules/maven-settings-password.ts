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

/** Plain-text <password> (and <passphrase>) values of servers and proxies in Maven settings.xml files. */
export default defineRule({
  id: 'maven-settings-password',
  title: 'Password in Maven settings.xml',
  severity: 'HIGH',
  confidence: 0.75,
  keywords: ['<password>', '<passphrase>'],
  pathPattern: /(?:^|\/)settings(?:[-_.][\w.-]{1,40})?\.xml$/,
  pattern: /<(?<tag>password|passphrase)>\s{0,4}(?<secret>[^<\s]{1,512})\s{0,4}<\/\k<tag>>/,
  validate: (secret, { text, offset }) => {
    if (!/<(?:servers|proxies)>/.test(text)) return false;
    // Maven's own encryption ({…}) and ${env.…} references are fine.
    if (/^\{[A-Za-z0-9+/=]{8,}\}$|\$\{/.test(secret)) return false;
    const user = [...text.slice(Math.max(0, offset - 400), offset).matchAll(/<username>([^<]{1,128})<\/username>/g)].at(-1)?.[1] ?? '';
    return !isStandInPassword(secret, user);
  },
  cwe: 'CWE-256',
  description:
    'A Maven settings.xml with a plain-text password is committed. It signs in to the repository manager or proxy it belongs to (Nexus, Artifactory, OSSRH), usually with the right to deploy artifacts.',
  remediation:
    'Change the password or revoke the token at the repository manager, reference it from the environment (${env.MAVEN_PASSWORD}) or use Maven password encryption, keep personal settings in ~/.m2, and remove the committed value from git history.',
  references: ['https://maven.apache.org/settings.html#servers', 'https://maven.apache.org/guides/mini/guide-encryption.html'],
  docs: {
    summary: 'Plain-text <password> and <passphrase> values in settings.xml files with <servers> or <proxies>.',
    path: '.m2/settings.xml',
    ng: ['<settings><servers><server><id>corp-releases</id><username>deployer</username><password>' + 'Vr4tYq8Nc2Lm7P</password></server></servers></settings>'],
    ok: ['<servers><server><id>ossrh</id><username>${env.OSSRH_USER}</username><password>${env.OSSRH_PASSWORD}</password></server></servers>', '<servers><server><password>{COQLCE6DU6GtcS5P=}</password></server></servers>'],
  },
});
