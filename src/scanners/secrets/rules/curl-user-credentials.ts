import { defineRule } from '../rule.js';
import { isStandInPassword } from '../stand-ins.js';

/** How far back a command's continuation lines (`\`, `^`, `` ` ``) are followed to find its `curl`. */
const CONTINUATION_LINES = 12;

/** The command the line belongs to: the line and the lines before it that end in a continuation mark. */
function commandOf(text: string, offset: number): string {
  let start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  for (let i = 0; i < CONTINUATION_LINES && start > 0; i++) {
    const previous = text.lastIndexOf('\n', start - 2) + 1;
    if (!/[\\^`][ \t]*\r?$/.test(text.slice(previous, start - 1))) break;
    start = previous;
  }
  return text.slice(start, end === -1 ? text.length : end);
}

/**
 * `curl -u user:password` and `curl --user user:password`, on one line or on
 * a continuation line of the command. The password is the secret; a bare
 * `-u token:` (Stripe and others) is left to the token's own rule.
 */
export default defineRule({
  id: 'curl-user-credentials',
  title: 'Credentials in curl command',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['-u ', '-u"', "-u'", '--user'],
  requires: /curl/i,
  pattern: /(?<![\w-])(?:-u|--user)(?:[ \t]{1,4}|=)(?<q>["']?)(?<user>[^\s:"'$`]{1,128}):(?<secret>[^\s"'`]{1,256})\k<q>/,
  validate: (secret, { groups, text, offset }) => {
    if (!/(?:^|[\s;|&(`"'])curl(?:\.exe)?\s/.test(commandOf(text, offset))) return false;
    return !isStandInPassword(secret, groups.user ?? '');
  },
  description:
    'A curl command with a user name and password (or API token) for HTTP authentication is committed. Anyone who reads it can call the service as that user.',
  remediation:
    'Change the password or revoke the token at the service, read credentials from an environment variable or a netrc file kept out of the repository (curl --netrc-file, -u "$USER:$PASS"), and remove the committed value from git history.',
  references: ['https://curl.se/docs/manpage.html#-u'],
  docs: {
    summary: 'Passwords in `curl -u user:password` and `curl --user user:password`, also on continuation lines of the command.',
    bad: [
      'curl -u deploy:Kx8' + 'vQ2mZ7pL4w https://ci.corp-net.io/job/build',
      'curl -sS \\\n  --user "svc-backup:Rt5' + 'nW9qZ2xK" \\\n  -X POST https://files.corp-net.io/upload',
    ],
    good: [
      'curl -u "$API_USER:$API_PASSWORD" https://ci.corp-net.io/job/build',
      'docker run -u 1000:1000 node:20',
      'Pass credentials to curl as `-u user:pass`, never inline.',
      'curl -u admin:admin http://localhost:8080/',
      'git push -u origin main:release',
    ],
  },
});
