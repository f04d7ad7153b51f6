/**
 * Repository hygiene: a committed `.env` is a finding, so is a repository that uses
 * dotenv files without ignoring `.env`, and so is a committed PKCS#12 key store.
 */
import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';
import type { RawFinding } from '../../core/findings.js';
import { OWASP, toRawFinding, type FindingRule } from '../../core/rules.js';
import { TITLES } from './rule.js';

const requireHere = createRequire(import.meta.url);
let picomatchModule: typeof Picomatch | undefined;

/** picomatch (CommonJS, 5 files), loaded on the first .gitignore read: most scans never need it. */
function picomatch(): typeof Picomatch {
  picomatchModule ??= requireHere('picomatch') as typeof Picomatch;
  return picomatchModule;
}

/** `.env`, `.env.production`, `config/.env.local`, `prod.env` … */
const ENV_FILE = /(?:^|\/)(?:\.env(?:\.[\w.-]+)?|[\w-]+\.env)$/;
/** Templates meant to be committed. */
const ENV_TEMPLATE = /(?:^|[./_-])(?:example|sample|template|dist|defaults?|schema|tpl)(?:$|[._-])/i;
/** A `KEY=value` line with a non-empty value. */
const ASSIGNMENT = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*=\s*\S/;

export function isEnvFile(path: string): boolean {
  return ENV_FILE.test(path);
}

export function isEnvTemplate(path: string): boolean {
  return ENV_TEMPLATE.test(path.slice(path.lastIndexOf('/') + 1).replace(/^\.env/, ''));
}

const COMMITTED_ENV_FILE: FindingRule = {
  id: 'committed-env-file',
  title: 'Committed .env file',
  severity: 'MEDIUM',
  confidence: 0.8,
  owasp: OWASP.authentication,
  description: 'A dotenv file is committed.',
  remediation:
    'Remove the file from the repository (git rm --cached), add .env* to .gitignore (keeping templates such as .env.example tracked with !.env.example), rotate every value it held, and remove it from git history.',
};

const COMMITTED_KEY_STORE: FindingRule = {
  id: 'committed-key-store',
  title: 'Committed PKCS#12 key store',
  severity: 'HIGH',
  confidence: 0.8,
  owasp: OWASP.authentication,
  description:
    'A PKCS#12 file (.p12/.pfx) is committed. Such a file bundles a certificate with its private key; its password is often empty, weak or committed nearby, so anyone who can read the repository can usually use the key.',
  remediation:
    'Remove the file from the repository (git rm --cached) and from git history, revoke the certificate and issue a new key pair, and keep key stores in a secret manager or the deployment environment.',
};

const ENV_NOT_GITIGNORED: FindingRule = {
  id: 'env-not-gitignored',
  title: TITLES.envNotIgnored,
  severity: 'MEDIUM',
  confidence: 0.9,
  owasp: OWASP.authentication,
  description: 'The repository uses dotenv files but does not ignore .env.',
  remediation: 'Add `.env*` to the root .gitignore, with `!.env.example` (or your template name) so templates stay tracked.',
};

/** The place of every hygiene finding: the repository, not a line of a scanned file. */
const FILE_LEVEL = { category: 'secrets', scanner: 'secrets', line: 1, column: 1 } as const;

/** A committed dotenv file with at least one assignment. */
export function committedEnvFile(path: string, text: string): RawFinding | undefined {
  if (!isEnvFile(path) || isEnvTemplate(path)) return undefined;
  const lines = text.split('\n');
  const index = lines.findIndex((l) => ASSIGNMENT.test(l));
  if (index < 0) return undefined;
  const count = lines.filter((l) => ASSIGNMENT.test(l)).length;
  return toRawFinding(COMMITTED_ENV_FILE, {
    ...FILE_LEVEL,
    description: `A dotenv file with ${count} setting(s) is committed. Such files usually hold the environment's credentials and are meant to stay on the machine they configure.`,
    evidence: `${path} defines ${count} variable(s); values are not shown`,
    path,
    line: index + 1,
    fingerprintMaterial: path,
  });
}

/** Dependencies that load dotenv files, by manifest. */
const DOTENV_DEPENDENCY: readonly [RegExp, RegExp][] = [
  [/(?:^|\/)package\.json$/, /"(?:dotenv|dotenv-flow|dotenv-expand|@dotenvx\/dotenvx|env-cmd)"\s*:/],
  [/(?:^|\/)(?:requirements[^/]*\.txt|pyproject\.toml|Pipfile|setup\.py|setup\.cfg)$/, /python-dotenv|django-environ|environs/i],
  [/(?:^|\/)go\.mod$/, /github\.com\/joho\/godotenv/],
  [/(?:^|\/)Gemfile$/, /['"]dotenv(?:-rails)?['"]/],
  [/(?:^|\/)composer\.json$/, /vlucas\/phpdotenv|symfony\/dotenv/],
  [/(?:^|\/)Cargo\.toml$/, /^\s*dotenvy?\s*=/m],
];

export interface HygieneInput {
  /** Every file path in the workspace. */
  readonly paths: readonly string[];
  /** Paths of binary files the workspace skipped (no scanner reads them; their names still tell). */
  readonly binaryPaths?: readonly string[];
  /** Reads a small file of the workspace; undefined when missing or unreadable. */
  read(path: string): Promise<string | undefined>;
}

/** Why the repository counts as using dotenv files, or undefined. */
async function dotenvUse(input: HygieneInput): Promise<string | undefined> {
  const envFile = input.paths.find(isEnvFile);
  if (envFile) return `it contains ${envFile}`;
  for (const path of input.paths) {
    if (path.split('/').length > 3) continue;
    const dependency = DOTENV_DEPENDENCY.find(([file]) => file.test(path));
    if (!dependency) continue;
    const text = await input.read(path);
    if (text && dependency[1].test(text)) return `${path} depends on a dotenv loader`;
  }
  return undefined;
}

/** Whether the root .gitignore's rules (last match wins) ignore a root-level `.env`. */
export function gitignoreIgnoresEnv(gitignore: string): boolean {
  let ignored = false;
  for (const raw of gitignore.split(/\r?\n/)) {
    let line = raw.replace(/\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    if (negated) line = line.slice(1);
    if (line.endsWith('/')) continue; // directories only
    const pattern = line.replace(/^\//, '').replace(/^\*\*\//, '');
    if (pattern.includes('/')) continue; // names a nested path, not the root .env
    if (picomatch().isMatch('.env', pattern, { dot: true })) ignored = !negated;
  }
  return ignored;
}

/** PKCS#12 archives (`.p12`, `.pfx`): a certificate with its private key, usually under a weak or no password. */
const KEY_STORE = /\.(?:p12|pfx)$/i;
/** Key-store findings one scan reports at most (a test suite may hold hundreds of fixtures). */
const MAX_KEY_STORES = 100;

/** A committed PKCS#12 key store: binary, so no rule reads it, but its name says what it holds. */
export function committedKeyStores(binaryPaths: readonly string[]): RawFinding[] {
  return binaryPaths
    .filter((path) => KEY_STORE.test(path))
    .slice(0, MAX_KEY_STORES)
    .map((path) => toRawFinding(COMMITTED_KEY_STORE, { ...FILE_LEVEL, evidence: `${path} (binary PKCS#12 archive; contents not read)`, path, fingerprintMaterial: path }));
}

/** Repository-level checks that need more than one file. */
export async function scanRepositoryHygiene(input: HygieneInput): Promise<RawFinding[]> {
  const keyStores = committedKeyStores(input.binaryPaths ?? []);
  return [...keyStores, ...(await dotenvHygiene(input))];
}

/** A repository that uses dotenv files must ignore `.env`. */
async function dotenvHygiene(input: HygieneInput): Promise<RawFinding[]> {
  const reason = await dotenvUse(input);
  if (!reason) return [];
  const hasGitignore = input.paths.includes('.gitignore');
  const gitignore = hasGitignore ? ((await input.read('.gitignore')) ?? '') : '';
  if (gitignoreIgnoresEnv(gitignore)) return [];
  return [
    toRawFinding(ENV_NOT_GITIGNORED, {
      ...FILE_LEVEL,
      description: `The repository uses dotenv files (${reason}) but ${hasGitignore ? 'its root .gitignore does not ignore .env' : 'has no root .gitignore'}, so a developer's local .env with real credentials is one \`git add .\` away from being committed.`,
      evidence: hasGitignore ? '.gitignore has no rule that ignores .env' : 'no .gitignore at the repository root',
      path: '.gitignore',
      fingerprintMaterial: '.env',
    }),
  ];
}
