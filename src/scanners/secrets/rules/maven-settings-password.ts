import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

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
    bad: ['<settings><servers><server><id>corp-releases</id><username>deployer</username><password>' + 'Vr4tYq8Nc2Lm7P</password></server></servers></settings>'],
    good: ['<servers><server><id>ossrh</id><username>${env.OSSRH_USER}</username><password>${env.OSSRH_PASSWORD}</password></server></servers>', '<servers><server><password>{COQLCE6DU6GtcS5P=}</password></server></servers>'],
  },
});
