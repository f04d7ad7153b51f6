/**
 * What opening a pull request needs from the fake GitHub: refs, contents read
 * and write (with blob `sha` checks), pull requests, in GitHub's REST shapes.
 */
import { blobSha, type FakeGit, type FakePull } from './git.js';
import { readJson, send, sendNotFound, sendUnprocessable, stringField, type Context } from './http.js';

export interface GitRouteInput {
  readonly ctx: Context;
  readonly owner: string;
  readonly repo: string;
  readonly git: FakeGit;
  /** Path parts after /repos/{owner}/{repo}/, decoded. */
  readonly parts: readonly string[];
  readonly query: URLSearchParams;
  /** What POST /pulls answers instead of creating one. */
  readonly pullFailure?: { readonly status: number; readonly message: string };
}

function refAnswer(input: GitRouteInput, ref: string, sha: string): Record<string, unknown> {
  const api = `${input.ctx.base}/repos/${input.owner}/${input.repo}`;
  return { ref, node_id: `REF_${sha.slice(0, 8)}`, url: `${api}/git/${ref}`, object: { type: 'commit', sha, url: `${api}/git/commits/${sha}` } };
}

function fileAnswer(input: GitRouteInput, path: string, content: Buffer, ref: string): Record<string, unknown> {
  const sha = blobSha(content);
  const api = `${input.ctx.base}/repos/${input.owner}/${input.repo}`;
  const encoded = content.toString('base64').replace(/.{60}/g, '$&\n');
  return {
    type: 'file',
    encoding: 'base64',
    size: content.length,
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    content: encoded.endsWith('\n') || encoded === '' ? encoded : `${encoded}\n`,
    sha,
    url: `${api}/contents/${path}?ref=${encodeURIComponent(ref)}`,
    html_url: `${input.ctx.base}/${input.owner}/${input.repo}/blob/${ref}/${path}`,
    git_url: `${api}/git/blobs/${sha}`,
    download_url: null,
  };
}

function pullAnswer(input: GitRouteInput, pull: FakePull): Record<string, unknown> {
  const label = (branch: string) => `${input.owner}:${branch}`;
  return {
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    html_url: `${input.ctx.base}/${input.owner}/${input.repo}/pull/${pull.number}`,
    url: `${input.ctx.base}/repos/${input.owner}/${input.repo}/pulls/${pull.number}`,
    head: { ref: pull.head, label: label(pull.head), sha: input.git.branches.get(pull.head) ?? null },
    base: { ref: pull.base, label: label(pull.base), sha: input.git.branches.get(pull.base) ?? null },
  };
}

function getRef(input: GitRouteInput, ref: string): void {
  const branch = ref.startsWith('heads/') ? ref.slice('heads/'.length) : undefined;
  const sha = branch === undefined ? undefined : input.git.branches.get(branch);
  if (sha === undefined) return sendNotFound(input.ctx);
  send(input.ctx, 200, refAnswer(input, `refs/${ref}`, sha));
}

async function createRef(input: GitRouteInput): Promise<void> {
  const body = await readJson(input.ctx.req);
  const ref = stringField(body, 'ref') ?? '';
  const sha = stringField(body, 'sha') ?? '';
  if (!/^refs\/heads\/[^\s]+$/.test(ref)) return sendUnprocessable(input.ctx, 'Reference name is invalid');
  const branch = ref.slice('refs/heads/'.length);
  if (input.git.branches.has(branch)) return sendUnprocessable(input.ctx, 'Reference already exists');
  const commit = input.git.resolve(sha);
  if (commit === undefined || commit.sha !== sha) return sendUnprocessable(input.ctx, 'Object does not exist');
  input.git.branches.set(branch, sha);
  send(input.ctx, 201, refAnswer(input, ref, sha));
}

function deleteRef(input: GitRouteInput, ref: string): void {
  const branch = ref.startsWith('heads/') ? ref.slice('heads/'.length) : '';
  if (!input.git.branches.has(branch)) return sendUnprocessable(input.ctx, 'Reference does not exist');
  if (branch === input.git.defaultBranch) return sendUnprocessable(input.ctx, 'Cannot delete the default branch');
  input.git.branches.delete(branch);
  send(input.ctx, 204, undefined);
}

function getContents(input: GitRouteInput, path: string): void {
  const ref = input.query.get('ref') ?? input.git.defaultBranch;
  const commit = input.git.resolve(ref);
  if (commit === undefined) return sendNotFound(input.ctx, `No commit found for the ref ${ref}`);
  const content = commit.files.get(path);
  if (content !== undefined) return send(input.ctx, 200, fileAnswer(input, path, content, ref));
  const listing = input.git.list(ref, path);
  if (listing === undefined) return sendNotFound(input.ctx);
  send(input.ctx, 200, listing.map((entry) => ({ ...entry, sha: blobSha(Buffer.from(entry.path)), size: 0 })));
}

async function putContents(input: GitRouteInput, path: string): Promise<void> {
  const body = await readJson(input.ctx.req);
  const message = stringField(body, 'message');
  const content = stringField(body, 'content');
  const branch = stringField(body, 'branch') ?? input.git.defaultBranch;
  const sha = stringField(body, 'sha');
  if (message === undefined || content === undefined) return sendUnprocessable(input.ctx, 'Invalid request.\n\n"message" and "content" are required.');
  const head = input.git.branches.has(branch) ? input.git.resolve(branch) : undefined;
  if (head === undefined) return sendNotFound(input.ctx, 'Branch not found');
  const current = head.files.get(path);
  if (current !== undefined && sha === undefined) return sendUnprocessable(input.ctx, 'Invalid request.\n\n"sha" wasn\'t supplied.');
  if ((current === undefined && sha !== undefined) || (current !== undefined && sha !== blobSha(current))) {
    return send(input.ctx, 409, { message: `${path} does not match ${sha ?? ''}`, documentation_url: input.ctx.base, status: '409' });
  }
  const bytes = Buffer.from(content, 'base64');
  const commit = input.git.commit(branch, { [path]: bytes }, message);
  send(input.ctx, current === undefined ? 201 : 200, {
    content: fileAnswer(input, path, bytes, branch),
    commit: { sha: commit.sha, message, parents: [{ sha: commit.parent }] },
  });
}

function listPulls(input: GitRouteInput): void {
  const state = input.query.get('state') ?? 'open';
  const head = input.query.get('head');
  const base = input.query.get('base');
  const matches = input.git.pulls.filter(
    (p) => (state === 'all' || p.state === state) && (head === null || head === `${input.owner}:${p.head}`) && (base === null || base === p.base),
  );
  send(input.ctx, 200, matches.map((p) => pullAnswer(input, p)));
}

async function createPull(input: GitRouteInput): Promise<void> {
  const body = await readJson(input.ctx.req);
  const title = stringField(body, 'title') ?? '';
  const rawHead = stringField(body, 'head') ?? '';
  const head = rawHead.startsWith(`${input.owner}:`) ? rawHead.slice(input.owner.length + 1) : rawHead;
  const base = stringField(body, 'base') ?? '';
  if (input.pullFailure !== undefined) {
    return send(input.ctx, input.pullFailure.status, { message: input.pullFailure.message, documentation_url: input.ctx.base, status: String(input.pullFailure.status) });
  }
  const headSha = input.git.branches.get(head);
  const baseSha = input.git.branches.get(base);
  if (title === '') return sendUnprocessable(input.ctx, 'Validation Failed', [{ resource: 'PullRequest', field: 'title', code: 'missing_field' }]);
  if (headSha === undefined) return sendUnprocessable(input.ctx, 'Validation Failed', [{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
  if (baseSha === undefined) return sendUnprocessable(input.ctx, 'Validation Failed', [{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
  if (input.git.pulls.some((p) => p.state === 'open' && p.head === head)) {
    return sendUnprocessable(input.ctx, 'Validation Failed', [{ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${input.owner}:${head}.` }]);
  }
  if (headSha === baseSha) {
    return sendUnprocessable(input.ctx, 'Validation Failed', [{ resource: 'PullRequest', code: 'custom', message: `No commits between ${base} and ${head}` }]);
  }
  const pull = input.git.openPull(head, base, title, stringField(body, 'body') ?? '');
  send(input.ctx, 201, pullAnswer(input, pull));
}

/** Whether a request is one of these routes and needs write access. */
export function isWriteRoute(method: string, parts: readonly string[]): boolean {
  const [action] = parts;
  return method !== 'GET' && (action === 'git' || action === 'contents' || action === 'pulls');
}

/** Serves the route if it is one of these; false when it is not. */
export async function gitRoute(input: GitRouteInput): Promise<boolean> {
  const method = input.ctx.req.method ?? 'GET';
  const [action, kind, ...rest] = input.parts;
  const tail = [kind ?? '', ...rest].filter((p) => p !== '').join('/');
  if (action === 'git' && kind === 'ref' && method === 'GET') return getRef(input, rest.join('/')), true;
  if (action === 'git' && kind === 'refs' && method === 'POST' && rest.length === 0) return await createRef(input), true;
  if (action === 'git' && kind === 'refs' && method === 'DELETE') return deleteRef(input, rest.join('/')), true;
  if (action === 'contents' && method === 'GET') return getContents(input, tail), true;
  if (action === 'contents' && method === 'PUT' && tail !== '') return await putContents(input, tail), true;
  if (action === 'pulls' && kind === undefined && method === 'GET') return listPulls(input), true;
  if (action === 'pulls' && kind === undefined && method === 'POST') return await createPull(input), true;
  return false;
}
