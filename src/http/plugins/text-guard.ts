import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 64;

/** The first string in the value (keys included) that no database or client can hold, with its field path. */
export function findUnstorableText(value: unknown, path = '', depth = 0): { field: string; problem: string } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { field: path, problem: 'contains a NUL character (U+0000)' };
    if (LONE_SURROGATE.test(value)) return { field: path, problem: 'contains an unpaired UTF-16 surrogate (not valid Unicode)' };
    return undefined;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return undefined;
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, inner] of entries) {
    const field = path === '' ? key : Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    const badKey = Array.isArray(value) ? undefined : findUnstorableText(key, field, depth + 1);
    if (badKey) return { field: badKey.field, problem: `has a name that ${badKey.problem}` };
    const found = findUnstorableText(inner, field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Text that would only fail later (PostgreSQL refuses NUL in text and jsonb;
 * an unpaired surrogate is not Unicode) is refused before any work starts,
 * so a request cannot run a scan and then fail on storing it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const found = findUnstorableText(request.body);
    done(found ? badRequest(`Invalid request body: field "${found.field}" ${found.problem}; remove it`) : undefined);
  });
}
