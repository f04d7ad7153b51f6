/**
 * A repository with one finding of every fixable title, each in a file with a
 * different byte-level trap: LF, CRLF without a final newline, a UTF-8 BOM
 * with multi-byte characters, JSON, and a CRLF .gitignore next to a template.
 */
import { TITLES } from '../../../src/scanners/secrets/rule.js';
import { SECRETS } from './helpers.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const GITIGNORE_ADDITION = '# Local dotenv files hold credentials: keep them out of git (added by Vigil)\r\n.env*\r\n!.env.example\r\n';

export function leakyFiles(): Record<string, Buffer> {
  return {
    'src/config.ts': Buffer.from(`export const awsKey = "${SECRETS.aws}";\nexport const region = 'eu-west-1';\n`),
    'src/github.py': Buffer.from(`import os\r\n\r\nGITHUB_TOKEN = '${SECRETS.github}'\r\nDEBUG = False`),
    'web/slack.js': Buffer.concat([BOM, Buffer.from(`// Slack — notifications ✓\nconst slack = "${SECRETS.slack}";\nmodule.exports = { slack };\n`)]),
    'config/auth.json': Buffer.from(`{\n  "service": "billing",\n  "jwt": "${SECRETS.jwt}"\n}\n`),
    'package.json': Buffer.from('{ "name": "leaky", "dependencies": { "dotenv": "^16.4.0" } }\n'),
    '.gitignore': Buffer.from('node_modules/\r\ndist/\r\n'),
    '.env.example': Buffer.from('API_KEY=\n'),
    'README.md': Buffer.from('# leaky\n'),
  };
}

/** Every occurrence of `secret` in `content` replaced by `marker`, on bytes. */
export function replaced(content: Buffer, secret: string, marker: string): Buffer {
  const parts: Buffer[] = [];
  let cursor = 0;
  for (let at = content.indexOf(secret); at !== -1; at = content.indexOf(secret, cursor)) {
    parts.push(content.subarray(cursor, at), Buffer.from(marker));
    cursor = at + secret.length;
  }
  parts.push(content.subarray(cursor));
  return Buffer.concat(parts);
}

export interface ExpectedFix {
  readonly path: string;
  /** The secret that must be gone from the branch; undefined for .gitignore. */
  readonly secret?: string;
  readonly expected: (original: Buffer) => Buffer;
}

/** For each fixable title: the file the fix touches and its exact expected bytes. */
export const EXPECTED: Readonly<Record<string, ExpectedFix>> = Object.freeze({
  [TITLES.awsAccessKey]: { path: 'src/config.ts', secret: SECRETS.aws, expected: (b: Buffer) => replaced(b, SECRETS.aws, 'REDACTED_AWS_ACCESS_KEY') },
  [TITLES.githubToken]: { path: 'src/github.py', secret: SECRETS.github, expected: (b: Buffer) => replaced(b, SECRETS.github, 'REDACTED_GITHUB_TOKEN') },
  [TITLES.slackToken]: { path: 'web/slack.js', secret: SECRETS.slack, expected: (b: Buffer) => replaced(b, SECRETS.slack, 'REDACTED_SLACK_TOKEN') },
  [TITLES.jwt]: { path: 'config/auth.json', secret: SECRETS.jwt, expected: (b: Buffer) => replaced(b, SECRETS.jwt, 'REDACTED_JWT') },
  [TITLES.envNotIgnored]: { path: '.gitignore', expected: (b: Buffer) => Buffer.concat([b, Buffer.from(GITIGNORE_ADDITION)]) },
});
