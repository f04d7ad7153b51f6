/**
 * The secrets planted in the benchmark corpus. Every token-shaped value is
 * assembled at run time from pieces: no complete token, key block or
 * credential appears in this source file, so neither GitHub push protection
 * nor Vigil's own scan of this repository sees one.
 */
import { withBase62Crc32Checksum } from '../../src/scanners/secrets/checksums.js';
import { ALNUM, BASE32, DIGITS, Rng } from './random.js';

export const PLANT_KINDS = [
  'aws-access-key-id',
  'github-token',
  'slack-bot-token',
  'stripe-secret-key',
  'private-key',
  'jwt',
  'db-password',
  'postgres-url',
] as const;
export type PlantKind = (typeof PLANT_KINDS)[number];

export type Lang = 'ts' | 'js' | 'py' | 'go' | 'java' | 'yaml' | 'json' | 'md' | 'env' | 'conf';

/** Lines to insert; the secret starts on lines[offset] and covers `span` lines. */
export interface Snippet {
  readonly lines: readonly string[];
  readonly offset: number;
  readonly span: number;
  readonly value: string;
}

const SYMBOLS = '!@#$%^&*-_=+.?~';
const DASHES = '-'.repeat(5);

function awsKeyId(rng: Rng): string {
  return ['AK', 'IA'].join('') + rng.chars(BASE32, 16);
}

function githubToken(rng: Rng): string {
  return withBase62Crc32Checksum(['gh', 'p_'].join(''), rng.chars(ALNUM, 30));
}

function slackBotToken(rng: Rng): string {
  const team = rng.chars(DIGITS, rng.int(10, 13));
  const bot = rng.chars(DIGITS, rng.int(10, 13));
  return [['xo', 'xb'].join(''), team, bot, rng.chars(ALNUM, 24)].join('-');
}

function stripeKey(rng: Rng): string {
  return ['sk', 'live', rng.chars(ALNUM, rng.int(24, 99))].join('_');
}

function jwt(rng: Rng): string {
  const alg = rng.pick(['HS256', 'RS256', 'ES256']);
  const header = { alg, typ: 'JWT' };
  const now = 1_700_000_000 + rng.int(0, 40_000_000);
  const payload = { sub: rng.uuid(), iss: rng.url(), scope: rng.words(1, 3).join(' '), iat: now, exp: now + 3600 * rng.int(1, 720) };
  const encode = (part: object): string => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signature = rng.chars(`${ALNUM}-_`, alg === 'RS256' ? 342 : alg === 'ES256' ? 86 : 43);
  return [encode(header), encode(payload), signature].join('.');
}

function password(rng: Rng): string {
  for (;;) {
    const value = rng.chars(ALNUM + SYMBOLS, 14);
    if (/[a-zA-Z]/.test(value) && /[0-9]/.test(value) && /[^a-zA-Z0-9]/.test(value)) return value;
  }
}

function postgresUrl(rng: Rng): string {
  const user = rng.pick(['app', 'svc_orders', 'billing', 'reporting', 'api_rw']);
  return `${['postgres', ''].join('://')}${user}:${rng.chars(ALNUM, rng.int(16, 24))}@db.internal:5432/app`;
}

interface PemBlock {
  readonly begin: string;
  readonly end: string;
  readonly body: readonly string[];
}

function pemBlock(rng: Rng): PemBlock {
  const [type, prefix, bytes, width] = rng.pick([
    ['RSA ', 'MIIEowIBAAKCAQEA', 1190, 64],
    ['', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 1215, 64],
    ['EC ', 'MHcCAQEEI', 121, 64],
    ['OPENSSH ', 'b3BlbnNzaC1rZXktdjEAAAAA', 300, 70],
  ] as const);
  const label = `${type}${['PRIVATE', 'KEY'].join(' ')}`;
  const material = prefix + rng.base64(bytes).slice(prefix.length);
  const body: string[] = [];
  for (let i = 0; i < material.length; i += width) body.push(material.slice(i, i + width));
  return { begin: `${DASHES}BEGIN ${label}${DASHES}`, end: `${DASHES}END ${label}${DASHES}`, body };
}

const NAMES: Record<PlantKind, readonly string[]> = {
  'aws-access-key-id': ['AWS_ACCESS_KEY_ID', 'AWS_KEY_ID', 'S3_ACCESS_KEY_ID'],
  'github-token': ['GITHUB_TOKEN', 'GH_DEPLOY_TOKEN', 'RELEASE_GITHUB_TOKEN'],
  'slack-bot-token': ['SLACK_BOT_TOKEN', 'SLACK_TOKEN', 'ALERTS_SLACK_TOKEN'],
  'stripe-secret-key': ['STRIPE_SECRET_KEY', 'STRIPE_API_KEY', 'PAYMENTS_STRIPE_KEY'],
  'private-key': ['PRIVATE_KEY', 'SIGNING_KEY', 'TLS_PRIVATE_KEY'],
  jwt: ['SERVICE_JWT', 'AUTH_TOKEN', 'BEARER_TOKEN'],
  'db-password': ['DB_PASSWORD'],
  'postgres-url': ['DATABASE_URL', 'POSTGRES_URL', 'PG_CONNECTION'],
};

function camelOf(upper: string): string {
  return upper.toLowerCase().replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** One assignment line in the language's own style. */
function assignment(lang: Lang, name: string, value: string, quoted: boolean): string {
  const keep = name === 'DB_PASSWORD';
  const camel = keep ? name : camelOf(name);
  switch (lang) {
    case 'ts':
    case 'js':
      return `const ${camel} = ${keep ? `"${value}"` : `'${value}'`};`;
    case 'py':
      return `${name} = "${value}"`;
    case 'go':
      return `var ${camel} = "${value}"`;
    case 'java':
      return `private static final String ${name} = "${value}";`;
    case 'yaml':
      return `${keep ? name : name.toLowerCase()}: ${quoted ? `"${value}"` : value}`;
    case 'json':
      return `"${camel}": "${value}",`;
    case 'md':
      return keep ? `${name} = "${value}"` : `export ${name}=${value}`;
    case 'env':
      return `${name}=${quoted ? `"${value}"` : value}`;
    case 'conf':
      return `${keep ? name : name.toLowerCase()} = ${quoted ? `"${value}"` : value}`;
  }
}

function pemSnippet(lang: Lang, name: string, pem: PemBlock): Snippet {
  const value = [pem.begin, ...pem.body, pem.end].join('\n');
  const block = (before: readonly string[], first: string, last: string, after: readonly string[]): Snippet => {
    const lines = [...before, `${first}${pem.begin}`, ...pem.body, `${pem.end}${last}`, ...after];
    return { lines, offset: before.length, span: pem.body.length + 2, value };
  };
  const camel = camelOf(name);
  switch (lang) {
    case 'ts':
    case 'js':
      return block([], `const ${camel} = \``, '`;', []);
    case 'py':
      return block([], `${name} = """`, '"""', []);
    case 'go':
      return block([], `var ${camel} = \``, '`', []);
    case 'java':
      return block([`private static final String ${name} = """`], '', '""";', []);
    case 'md':
      return block(['```'], '', '', ['```']);
    case 'yaml': {
      const lines = [`${name.toLowerCase()}: |`, ...[pem.begin, ...pem.body, pem.end].map((l) => `  ${l}`)];
      return { lines, offset: 1, span: pem.body.length + 2, value };
    }
    case 'json':
    case 'env':
    case 'conf': {
      const escaped = `${value.replaceAll('\n', '\\n')}\\n`;
      const line = lang === 'json' ? `"${camel}": "${escaped}",` : lang === 'env' ? `${name}="${escaped}"` : `${name.toLowerCase()} = "${escaped}"`;
      return { lines: [line], offset: 0, span: 1, value };
    }
  }
}

/** A freshly generated secret of `kind`, written the way a `lang` file would hold it. */
export function plantSnippet(rng: Rng, kind: PlantKind, lang: Lang): Snippet {
  const name = rng.pick(NAMES[kind]);
  if (kind === 'private-key') return pemSnippet(lang, name, pemBlock(rng));
  const make: Record<Exclude<PlantKind, 'private-key'>, (r: Rng) => string> = {
    'aws-access-key-id': awsKeyId,
    'github-token': githubToken,
    'slack-bot-token': slackBotToken,
    'stripe-secret-key': stripeKey,
    jwt,
    'db-password': password,
    'postgres-url': postgresUrl,
  };
  const value = make[kind](rng);
  const quoted = kind === 'db-password' || rng.chance(0.5);
  return { lines: [assignment(lang, name, value, quoted)], offset: 0, span: 1, value };
}
