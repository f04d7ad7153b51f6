import { ownOrSection } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Unprefixed SonarQube tokens (before 9.5): 40 hex characters, recognised by a sonar.login / SONAR_TOKEN name. */
export default defineRule({
  id: 'sonarqube-legacy-token',
  title: 'SonarQube token',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['sonar'],
  // Also under a `sonar:` YAML key or `[sonarqube]` section (multi-line for that).
  multiline: true,
  pattern: ownOrSection(
    String.raw`(?:(?<![A-Za-z0-9])|(?<=-D))sonar(?:qube|cloud)?[._-]?(?:login|token|auth[._-]?token)["']?\s{0,4}(?:[:=]|=>)\s{0,4}["']?`,
    'sonar(?:qube|cloud)?',
    'login|token',
    '[a-f0-9]{40}',
    '(?![A-Za-z0-9])',
  ),
  minEntropy: 3,
  // Hex tokens are generated lower case; a mixed-case run is something else.
  validate: (secret) => secret === secret.toLowerCase() && /[a-f]/.test(secret) && /[0-9]/.test(secret),
  description:
    'A SonarQube token in the older unprefixed format is committed as sonar.login or SONAR_TOKEN. It acts with its owner’s permissions: submitting analyses and, depending on the user, administering projects.',
  remediation:
    'Revoke the token in SonarQube (My Account → Security), create a new one (current versions issue prefixed project analysis tokens), and pass it from a CI secret. Remove it from git history.',
  references: ['https://docs.sonarsource.com/sonarqube-server/latest/user-guide/managing-tokens/'],
  docs: {
    summary: 'Unprefixed 40-hex SonarQube tokens assigned to sonar.login, sonar.token or SONAR_TOKEN.',
    bad: ['sonar.login=7c1e9a4f' + '2b8d5e3a0c6f9b2d4e8a1c7f3b5d9e2a', '-Dsonar.login=' + '3f8b2e6a9d1c4f7b0e5a8d2c6f9b3e1a4d7c0f5b', 'SONAR_TOKEN: "e4a9c2f7' + 'b1d8e3a6c0f5b9d2e7a4c1f8b3d6e0a9"', 'SONARQUBE_TOKEN=9d2f6b1e' + '8a4c7e0f3b5d9a2c6e1f4b8d0a7c3e5f', '[sonarqube]\nlogin = "5e1a9c3f' + '7b2d6e0a4c8f1b5d9e3a7c2f6b0d4e8a"'],
    good: ['sonar.login=${SONAR_TOKEN}', 'sonar.projectKey=7c1e9a4f2b8d5e3a0c6f9b2d4e8a1c7f3b5d9e2a', 'sonar.login=admin'],
  },
});
