import { AppError } from '../../../core/errors.js';

export interface RepositoryRef {
  readonly owner: string;
  readonly repo: string;
  /** Present when the input named one (https://host/owner/repo/tree/<ref>). */
  readonly ref?: string;
}

export interface ParseRepositoryOptions {
  /** The configured GitHub API base URL; its web host is accepted besides github.com. */
  readonly githubApiUrl: string;
}

const MAX_INPUT = 1024;
const OWNER = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
const REPO = /^[A-Za-z0-9._-]+$/;

export function isValidOwner(owner: string): boolean {
  return owner.length >= 1 && owner.length <= 39 && OWNER.test(owner);
}

export function isValidRepoName(repo: string): boolean {
  return repo.length >= 1 && repo.length <= 100 && REPO.test(repo) && repo !== '.' && repo !== '..';
}

/**
 * Git's ref-name rules, narrowed to what is also safe in a URL path:
 * no control characters, spaces, "..", "@{", "~^:?*[\\%#", no leading "-" or "/", no "//",
 * no trailing "/", ".", or ".lock".
 */
export function isValidRef(ref: string): boolean {
  if (ref.length < 1 || ref.length > 255) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what is rejected
  if (/[\x00-\x20\x7f~^:?*[\\%#]/.test(ref) || ref.includes('..') || ref.includes('@{') || ref.includes('//')) return false;
  if (ref.startsWith('-') || ref.startsWith('/') || ref.endsWith('/') || ref.endsWith('.') || ref.endsWith('.lock')) return false;
  return ref.split('/').every((segment) => !segment.startsWith('.'));
}

/** Web hosts whose URLs name repositories served by the configured API. */
export function acceptedHosts(githubApiUrl: string): string[] {
  const hosts = ['github.com', 'www.github.com'];
  let api: URL;
  try {
    api = new URL(githubApiUrl);
  } catch {
    return hosts;
  }
  const host = api.host.toLowerCase();
  if (host === 'api.github.com') return hosts;
  // GitHub Enterprise Server: https://ghe.example.com/api/v3 (same host) or https://api.ghe.example.com.
  const web = host.startsWith('api.') && !api.pathname.startsWith('/api/') ? host.slice(4) : host;
  hosts.push(web);
  return hosts;
}

/** A host as SSH names it: the web host without its port (that port is the web server's, not SSH's). */
const sshHost = (host: string): string => host.replace(/:\d{1,5}$/, '');

/** The accepted forms for this server's GitHub: web URLs on its web host and scheme, SSH on its host name. */
function expectedForms(hosts: readonly string[], apiUrl: string): string {
  const web = hosts[2] ?? 'github.com';
  const scheme = apiUrl.toLowerCase().startsWith('http://') ? 'http' : 'https';
  const ssh = sshHost(web);
  return (
    `expected owner/repo, ${scheme}://${web}/owner/repo (optionally ending in .git or /tree/<ref>), ` +
    `git@${ssh}:owner/repo.git or ssh://git@${ssh}/owner/repo.git`
  );
}

function invalid(reason: string, hosts: readonly string[], apiUrl: string): AppError {
  return new AppError('bad_request', `Invalid repository: ${reason}; ${expectedForms(hosts, apiUrl)}`);
}

function names(owner: string, rawRepo: string, stripGit: boolean): RepositoryRef | string {
  const repo = stripGit && rawRepo.endsWith('.git') ? rawRepo.slice(0, -4) : rawRepo;
  if (!isValidOwner(owner)) return 'the owner is not a valid GitHub account name';
  if (!isValidRepoName(repo)) return 'the repository name is not valid';
  return { owner, repo };
}

function parseHttps(input: string, hosts: readonly string[], apiUrl: string): RepositoryRef | string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'not a valid URL';
  }
  const allowHttp = apiUrl.startsWith('http://');
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return 'only https URLs are accepted';
  if (url.username !== '' || url.password !== '') return 'credentials in the URL are not accepted (send a token instead)';
  if (url.search !== '' || url.hash !== '' || input.includes('?') || input.includes('#')) return 'query strings and fragments are not accepted';
  if (!hosts.includes(url.host.toLowerCase())) return 'the host is not a GitHub host this server is configured for';
  const parts = url.pathname.split('/').slice(1);
  if (parts[parts.length - 1] === '') parts.pop();
  const [owner, repo, tree, ...refParts] = parts;
  if (owner === undefined || repo === undefined) return 'the URL does not name owner/repo';
  if (tree === undefined) return names(owner, repo, true);
  if (tree !== 'tree' || refParts.length === 0) return 'only /tree/<ref> may follow owner/repo in a URL';
  const found = names(owner, repo, false);
  if (typeof found === 'string') return found;
  let ref: string;
  try {
    ref = refParts.map((p) => decodeURIComponent(p)).join('/');
  } catch {
    return 'the ref is not valid';
  }
  return isValidRef(ref) ? { ...found, ref } : 'the ref is not valid';
}

function parseSsh(input: string, hosts: readonly string[]): RepositoryRef | string {
  const scp = /^git@([^:/]+):([^/]+)\/([^/]+?)\/?$/.exec(input);
  const ssh = /^ssh:\/\/git@([^/:]+)(?::\d{1,5})?\/([^/]+)\/([^/]+?)\/?$/.exec(input);
  const match = scp ?? ssh;
  if (match === null) return 'not a recognised SSH form';
  const [, host = '', owner = '', repo = ''] = match;
  if (!hosts.map(sshHost).includes(host.toLowerCase())) return 'the host is not a GitHub host this server is configured for';
  return names(owner, repo, true);
}

/**
 * Turns what a user typed into owner, repo and (from /tree/<ref> URLs) a ref.
 * Errors never echo the input: it may hold credentials.
 */
export function parseRepository(input: string, opts: ParseRepositoryOptions): RepositoryRef {
  const hosts = acceptedHosts(opts.githubApiUrl);
  if (typeof input !== 'string') throw invalid('not a string', hosts, opts.githubApiUrl);
  const text = input.trim();
  if (text === '') throw invalid('it is empty', hosts, opts.githubApiUrl);
  if (text.length > MAX_INPUT) throw invalid(`it is longer than ${MAX_INPUT} characters`, hosts, opts.githubApiUrl);
  // eslint-disable-next-line no-control-regex -- control characters are what is rejected
  if (/[\s\x00-\x1f\x7f\\]/.test(text)) throw invalid('it contains whitespace, control characters or backslashes', hosts, opts.githubApiUrl);
  if (/(^|[/:])\.{1,2}(\/|$)/.test(text) || /%2e/i.test(text)) throw invalid('"." and ".." path segments are not accepted', hosts, opts.githubApiUrl);
  let result: RepositoryRef | string;
  if (/^https?:\/\//i.test(text)) result = parseHttps(text, hosts, opts.githubApiUrl);
  else if (/^(ssh:\/\/|git@)/i.test(text)) result = parseSsh(text, hosts);
  else if (/^[^/@:]+\/[^/@:]+$/.test(text)) {
    const [owner = '', repo = ''] = text.split('/');
    result = names(owner, repo, false);
  } else result = 'not a recognised form';
  if (typeof result === 'string') throw invalid(result, hosts, opts.githubApiUrl);
  return result;
}
