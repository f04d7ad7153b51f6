import { defineRule } from '../rule.js';

/** git's credential store (~/.git-credentials): one https://user:token@host line per remote, in plain text. */
export default defineRule({
  id: 'git-credentials-file',
  title: 'Credential in .git-credentials',
  severity: 'CRITICAL',
  confidence: 0.9,
  // A catch-all for the file: silent where a token rule (GitHub, GitLab …) reports the same value.
  generic: true,
  keywords: ['://'],
  pathPattern: /(?:^|\/)\.?git-credentials$/,
  pattern:
    /(?<![A-Za-z0-9+.-])[a-z][a-z0-9+.-]{0,20}:\/\/(?<user>[^\s:@/]{0,256}):(?<secret>[^\s/]{1,512}?)@(?<host>[A-Za-z0-9._-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?=[/:\s]|$)/i,
  validate: (secret, { groups }) => secret.length >= 4 && secret !== groups.user && !/\$[{(A-Za-z_]/.test(secret),
  cwe: 'CWE-522',
  description:
    'A git credential store file is committed. Each line is a git host URL with a user name and password or access token in plain text, usually with read and write access to every repository of that account.',
  remediation:
    'Revoke the tokens (or change the passwords) at each host listed, use a credential helper backed by the OS keychain (git-credential-manager, osxkeychain, libsecret) instead of the store helper, and remove the file from git history.',
  references: ['https://git-scm.com/docs/git-credential-store'],
  docs: {
    summary: 'user:token@host lines of committed .git-credentials files.',
    path: '.git-credentials',
    bad: ['https://deploy-bot:Kx8vQ2' + 'mZ7pL4wRt5n@git.corp-net.io', 'https://jdoe:Zq8vN3kLw2' + 'Xp7RtY4mBc9@bitbucket.org\nhttps://jdoe:Hq7Lm2Vb9' + 'Kp4Wn8Rt3@gitlab.corp-net.io'],
    good: ['https://jdoe:${GIT_TOKEN}@git.corp-net.io', 'https://git.corp-net.io/team/repo.git'],
  },
});
