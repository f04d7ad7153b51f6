import type { SourceLimits } from './limits.js';

export type PathVerdict =
  | { readonly kind: 'ok'; readonly path: string; readonly depth: number }
  /** Nothing to write: the archive's top folder itself, or an empty name. */
  | { readonly kind: 'ignore' }
  /** Skipped and counted: too long, too deep, or a segment no file system accepts. */
  | { readonly kind: 'unsafe' }
  /** Hostile: an absolute path or a ".." segment. The whole archive is rejected. */
  | { readonly kind: 'traversal'; readonly reason: string };

const MAX_SEGMENT_BYTES = 255;

/**
 * Classifies an archive entry name. `stripTop` removes GitHub's single top folder
 * ("owner-repo-<sha7>/"). The result is always a POSIX path that stays inside the root.
 */
export function classifyEntryPath(name: string, limits: SourceLimits, stripTop: boolean): PathVerdict {
  if (name.startsWith('/') || /^[A-Za-z]:[\\/]/.test(name)) return { kind: 'traversal', reason: 'absolute path' };
  const segments = name.split('/');
  if (segments.includes('..')) return { kind: 'traversal', reason: '".." segment' };
  if (name.includes('\0')) return { kind: 'unsafe' };
  const kept = (stripTop ? segments.slice(1) : segments).filter((s) => s !== '' && s !== '.');
  if (kept.length === 0) return { kind: 'ignore' };
  const path = kept.join('/');
  if (kept.length > limits.maxPathDepth || path.length > limits.maxPathLength) return { kind: 'unsafe' };
  if (kept.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES)) return { kind: 'unsafe' };
  return { kind: 'ok', path, depth: kept.length };
}
