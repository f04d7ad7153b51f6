import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request to the fake, with what every route needs. */
export interface Context {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly token: string | undefined;
  readonly base: string;
}

export const DOCS = 'https://docs.github.com/rest';

export function send(ctx: Context, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204) {
    ctx.res.writeHead(204, headers);
    return void ctx.res.end();
  }
  ctx.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  ctx.res.end(JSON.stringify(body));
}

export function sendNotFound(ctx: Context, message = 'Not Found'): void {
  send(ctx, 404, { message, documentation_url: DOCS, status: '404' });
}

/** GitHub's 422 shape: a message, and optionally the field errors. */
export function sendUnprocessable(ctx: Context, message: string, errors?: readonly Record<string, string>[]): void {
  send(ctx, 422, { message, ...(errors === undefined ? {} : { errors }), documentation_url: DOCS, status: '422' });
}

const MAX_BODY = 8 * 1024 * 1024;

/** The request's JSON body as an object; {} when empty or not an object. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('fake GitHub: request body too large');
    chunks.push(chunk);
  }
  if (size === 0) return {};
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}
