import { defineRule } from '../rule.js';

/**
 * Jenkins secrets as stored in credentials.xml, config.xml and job
 * configuration: {AQAAABAAAA…}, base64 of a version byte, IV length and
 * AES-CBC ciphertext encrypted with the controller's hudson.util.Secret key.
 */
export default defineRule({
  id: 'jenkins-encrypted-secret',
  title: 'Jenkins encrypted secret',
  severity: 'MEDIUM',
  confidence: 0.85,
  keywords: ['{aqaaabaaaa'],
  pattern: /\{(?<secret>AQAAABAAAA[A-Za-z0-9+/]{20,8000}={0,2})\}/,
  cwe: 'CWE-522',
  description:
    'A Jenkins-encrypted secret is committed. It is decrypted by anyone holding the controller’s secrets/master.key and hudson.util.Secret (or with script console access), so a copy of JENKINS_HOME or a compromised controller reveals the password, token or key it protects.',
  remediation:
    'Treat the underlying credential as exposed: rotate it at its service and update it in Jenkins. Keep JENKINS_HOME (credentials.xml, secrets/) out of repositories, manage credentials through Configuration as Code with external secret sources, and remove the value from git history.',
  references: ['https://www.jenkins.io/doc/developer/security/secrets/'],
  docs: {
    summary: 'Encrypted {AQAAABAAAA…} secrets from Jenkins credentials.xml and job configuration.',
    bad: ['<password>{AQAAABAAAAAQ' + 'Kx7Qm2Vb9Lp4Wn8Rt3Yh6Jd1Fs5Gc0aPz3Tx9Lv2Hn8Qw4Yb=}</password>'],
    good: ['<password>{AQAAABAAAA}</password>', '<password>${JENKINS_PASSWORD}</password>'],
  },
});
