import { defineRule } from '../rule.js';

/** SonarQube / SonarCloud tokens: sqp_ (project analysis), sqa_ (global analysis), squ_ (user) + 40 hex. */
export default defineRule({
  id: 'sonarqube-token',
  title: 'SonarQube token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['sqp_', 'sqa_', 'squ_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>sq[pau]_[a-f0-9]{40})(?![A-Za-z0-9_])/,
  minEntropy: 3,
  description:
    'A SonarQube or SonarCloud token is committed. Analysis tokens submit analyses (and read the code quality data of) one or all projects; user tokens act with their owner’s permissions, which can include administering projects and quality gates.',
  remediation:
    'Revoke the token in SonarQube/SonarCloud (My Account → Security, or the project’s analysis tokens), create a new one, and pass it as SONAR_TOKEN from a CI secret. Remove it from git history.',
  references: ['https://docs.sonarsource.com/sonarqube-server/latest/user-guide/managing-tokens/'],
  docs: {
    summary: 'SonarQube and SonarCloud project, global analysis and user tokens (sqp_, sqa_, squ_).',
    bad: ['SONAR_TOKEN=sqp_' + '4e8a1c7f3b9d2e6a0c5f8b1d4e7a3c9f2b6d0e5a', 'mvn sonar:sonar -Dsonar.token=squ_' + '9b3e7d1a5c8f2b6e0d4a9c3f7b1e5d8a2c6f0b4e'],
    good: ['SONAR_TOKEN=sqp_<token>', 'sonar.token=${SONAR_TOKEN}'],
  },
});
