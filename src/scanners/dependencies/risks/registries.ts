/**
 * Where each ecosystem's packages are expected to come from, and which other
 * registries the project itself configures (package-manager config files and
 * manifest-level index declarations).
 */
import type { Ecosystem } from '../types.js';
import { baseName, isRecord, linesOf, parseJsonObject } from './shared.js';
import type { RiskContext } from './types.js';

/** Package-manager configuration files the risk checks read, by file name. */
export const CONFIG_FILE_NAMES = Object.freeze([
  '.npmrc',
  '.yarnrc.yml',
  '.yarnrc',
  'bunfig.toml',
  'pip.conf',
  'pip.ini',
  'uv.toml',
  'poetry.toml',
] as const);

/** Hosts that serve each ecosystem's public registry (a subdomain of one counts too). */
export const PUBLIC_HOSTS: Readonly<Partial<Record<Ecosystem, readonly string[]>>> = Object.freeze({
  npm: ['registry.npmjs.org', 'registry.yarnpkg.com', 'registry.npmjs.com'],
  PyPI: ['files.pythonhosted.org', 'pypi.org', 'pypi.python.org'],
  'crates.io': ['crates.io', 'static.crates.io', 'index.crates.io', 'github.com/rust-lang/crates.io-index'],
  RubyGems: ['rubygems.org', 'index.rubygems.org'],
  // Packagist serves metadata; package archives come from the VCS host of each package.
  Packagist: ['packagist.org', 'repo.packagist.org', 'api.github.com', 'codeload.github.com', 'github.com', 'gitlab.com', 'bitbucket.org'],
  Maven: ['repo.maven.apache.org', 'repo1.maven.org'],
  NuGet: ['api.nuget.org'],
});

/** Lower-cased host of a URL (`git+https://`, `registry+https://`, `sparse+https://` prefixes allowed), else undefined. */
export function hostOf(url: string): string | undefined {
  const m = /^(?:[a-z]+\+)?([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#\s]*@)?([^/:?#\s]+)/i.exec(url.trim());
  return m?.[2]?.toLowerCase();
}

/** `http`, `https`, … of a URL (prefixes like `git+` dropped), else undefined. */
export function schemeOf(url: string): string | undefined {
  return /^(?:[a-z]+\+)?([a-z][a-z0-9+.-]*):\/\//i.exec(url.trim())?.[1]?.toLowerCase();
}

/** Whether the URL is on the ecosystem's public registry. */
export function isPublicRegistry(ecosystem: Ecosystem, url: string): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  const withPath = url.replace(/^(?:[a-z]+\+)?[a-z]+:\/\/(?:[^@/]*@)?/i, '').toLowerCase();
  return (PUBLIC_HOSTS[ecosystem] ?? []).some((h) => (h.includes('/') ? withPath.startsWith(h) : host === h || host.endsWith(`.${h}`)));
}

const URL_IN_TEXT = /\b(?:https?):\/\/[^\s"'<>`]+/gi;
const NPMRC_AUTH_HOST = /^\s*\/\/([^/:\s]+)[^\s]*:_(?:authToken|auth|password|username)\s*=/;

/** Lines of manifests that declare an index or registry, per extractor. */
const MANIFEST_INDEX_LINE: Readonly<Record<string, RegExp>> = Object.freeze({
  'requirements-txt': /^\s*(?:--index-url|-i|--extra-index-url|--find-links|-f)(?:=|\s)/,
  pipfile: /^\s*url\s*=/,
  'pyproject-toml': /^\s*(?:url|index-url|extra-index-url)\s*=/,
  gemfile: /^\s*source\b|\bsource:/,
  'cargo-toml': /^\s*registry-index\s*=/,
});

/**
 * Hosts the project configures on purpose: every URL in a package-manager config
 * file, hosts with credentials in `.npmrc`, and index declarations in manifests
 * (requirements `--index-url`, Pipfile and pyproject sources, Gemfile `source`,
 * composer `repositories`).
 */
export function configuredHosts(ctx: RiskContext): ReadonlySet<string> {
  const hosts = new Set<string>();
  const addUrls = (text: string) => {
    for (const m of text.matchAll(URL_IN_TEXT)) {
      const host = hostOf(m[0]);
      if (host) hosts.add(host);
    }
  };
  for (const [path, text] of ctx.configFiles) {
    addUrls(text);
    if (baseName(path) === '.npmrc') {
      for (const line of text.split('\n')) {
        const host = NPMRC_AUTH_HOST.exec(line)?.[1];
        if (host) hosts.add(host.toLowerCase());
      }
    }
  }
  for (const file of ctx.files) {
    if (file.extractor === 'composer-json') {
      for (const repo of composerRepositories(file.text)) if (repo.type === 'composer' && repo.url) addUrls(repo.url);
      continue;
    }
    const pattern = MANIFEST_INDEX_LINE[file.extractor];
    if (pattern === undefined) continue;
    for (const line of linesOf(file)) if (pattern.test(line)) addUrls(line);
  }
  return hosts;
}

export interface ComposerRepository {
  readonly type: string;
  readonly url?: string;
}

/** composer.json `repositories` (array or object form); entries without a type are skipped. */
export function composerRepositories(text: string): ComposerRepository[] {
  const doc = parseJsonObject(text);
  const repos = doc?.repositories;
  const list: unknown[] = Array.isArray(repos) ? repos : isRecord(repos) ? Object.values(repos) : [];
  const out: ComposerRepository[] = [];
  for (const repo of list) {
    if (!isRecord(repo) || typeof repo.type !== 'string') continue;
    out.push({ type: repo.type.toLowerCase(), ...(typeof repo.url === 'string' && { url: repo.url }) });
  }
  return out;
}

export interface NpmRegistryConfig {
  /** Scopes (`@acme`) mapped to a registry in `.npmrc`, `.yarnrc`, `.yarnrc.yml` or `bunfig.toml`. */
  readonly scopes: ReadonlySet<string>;
  /** Whether some config file replaces the default registry (`registry=`, `npmRegistryServer`). */
  readonly defaultRegistry: boolean;
}

/** Scope mappings and default-registry overrides across every npm-family config file. */
export function npmRegistryConfig(ctx: RiskContext): NpmRegistryConfig {
  const scopes = new Set<string>();
  let defaultRegistry = false;
  for (const [path, text] of ctx.configFiles) {
    const name = baseName(path);
    const lines = text.split('\n');
    if (name === '.npmrc' || name === '.yarnrc') {
      for (const line of lines) {
        const scoped = /^\s*["']?(@[a-z0-9][\w.-]*):registry["']?\s*(?:=|\s)/i.exec(line);
        if (scoped?.[1]) scopes.add(scoped[1].toLowerCase());
        else if (/^\s*["']?registry["']?\s*(?:=|\s)\s*["']?https?:/i.test(line)) defaultRegistry = true;
      }
    } else if (name === '.yarnrc.yml') {
      let inScopes = false;
      for (const line of lines) {
        if (/^npmScopes\s*:/.test(line)) {
          inScopes = true;
          continue;
        }
        if (/^\S/.test(line)) inScopes = false;
        if (/^npmRegistryServer\s*:/.test(line)) defaultRegistry = true;
        const key = /^ {2}["']?@?([a-z0-9][\w.-]*)["']?\s*:/i.exec(line)?.[1];
        if (inScopes && key) scopes.add(`@${key.toLowerCase()}`);
      }
    } else if (name === 'bunfig.toml') {
      let inScopes = false;
      for (const line of lines) {
        const header = /^\s*\[([^\]]+)\]/.exec(line)?.[1]?.trim();
        if (header !== undefined) {
          inScopes = header === 'install.scopes';
          continue;
        }
        if (/^\s*registry\s*=/.test(line)) defaultRegistry = true;
        const key = /^\s*["']?@?([a-z0-9][\w.-]*)["']?\s*=/i.exec(line)?.[1];
        if (inScopes && key) scopes.add(`@${key.toLowerCase()}`);
      }
    }
  }
  return { scopes, defaultRegistry };
}
