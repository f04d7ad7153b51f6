/**
 * git's smart-HTTP protocol for the fake GitHub: requests under
 * /{owner}/{repo}.git/ are handed to `git http-backend` (CGI) over the
 * repository's bare folder, as GitHub's git endpoint would serve them.
 */
import { spawn } from 'node:child_process';
import { basename, dirname } from 'node:path';
import type { Context } from './http.js';

/** Runs git http-backend for one request; `gitDir` is a bare repository, `rest` the path after `<repo>.git`. */
export function serveSmartHttp(ctx: Context, gitDir: string, rest: string, query: string): void {
  const { req, res } = ctx;
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_PROJECT_ROOT: dirname(gitDir),
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: `/${basename(gitDir)}${rest}`,
      REQUEST_METHOD: req.method ?? 'GET',
      QUERY_STRING: query,
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
      ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
      ...(typeof req.headers['git-protocol'] === 'string' ? { GIT_PROTOCOL: req.headers['git-protocol'] } : {}),
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      REMOTE_USER: 'x-access-token',
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  req.pipe(child.stdin);
  child.stdin.on('error', () => undefined);
  let head = Buffer.alloc(0);
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (started) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    started = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]) || 200;
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  child.on('close', () => {
    if (!started) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end();
  });
  child.on('error', () => res.destroy());
}
