/**
 * Repository hygiene around dotenv files: a committed `.env` is a finding, and
 * so is a repository that uses dotenv files without ignoring `.env`.
 */
import picomatch from 'picomatch';
import type { RawFinding } from '../../core/findings.js';
import { SECRET_OWASP, TITLES } from './rule.js';

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

const ENV_REMEDIATION =
  'Remove the file from the repository (git rm --cached), add .env* to .gitignore (keeping templates such as .env.example tracked with !.env.example), rotate every value it held, and remove it from git history.';

/** A committed dotenv file with at least one assignment. */
export function committedEnvFile(path: string, text: string): RawFinding | undefined {
  if (!isEnvFile(path) || isEnvTemplate(path)) return undefined;
  const lines = text.split('\n');
  const index = lines.findIndex((l) => ASSIGNMENT.test(l));
  if (index < 0) return undefined;
  const count = lines.filter((l) => ASSIGNMENT.test(l)).length;
  return {
    ruleId: 'committed-env-file',
    category: 'secrets',
    scanner: 'secrets',
    severity: 'MEDIUM',
    title: 'Committed .env file',
    description: `A dotenv file with ${count} setting(s) is committed. Such files usually hold the environment's credentials and are meant to stay on the machine they configure.`,
    evidence: `${path} defines ${count} variable(s); values are not shown`,
    remediation: ENV_REMEDIATION,
    confidence: 0.8,
    owaspCategories: SECRET_OWASP,
    path,
    line: index + 1,
    column: 1,
    fingerprintMaterial: path,
  };
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
    if (picomatch.isMatch('.env', pattern, { dot: true })) ignored = !negated;
  }
  return ignored;
}

/** Repository-level checks that need more than one file. */
export async function scanRepositoryHygiene(input: HygieneInput): Promise<RawFinding[]> {
  const reason = await dotenvUse(input);
  if (!reason) return [];
  const hasGitignore = input.paths.includes('.gitignore');
  const gitignore = hasGitignore ? ((await input.read('.gitignore')) ?? '') : '';
  if (gitignoreIgnoresEnv(gitignore)) return [];
  return [
    {
      ruleId: 'env-not-gitignored',
      category: 'secrets',
      scanner: 'secrets',
      severity: 'MEDIUM',
      title: TITLES.envNotIgnored,
      description: `The repository uses dotenv files (${reason}) but ${hasGitignore ? 'its root .gitignore does not ignore .env' : 'has no root .gitignore'}, so a developer's local .env with real credentials is one \`git add .\` away from being committed.`,
      evidence: hasGitignore ? '.gitignore has no rule that ignores .env' : 'no .gitignore at the repository root',
      remediation: 'Add `.env*` to the root .gitignore, with `!.env.example` (or your template name) so templates stay tracked.',
      confidence: 0.9,
      owaspCategories: SECRET_OWASP,
      path: '.gitignore',
      line: 1,
      column: 1,
      fingerprintMaterial: '.env',
    },
  ];
}
