import type { Finding } from '../lib/types.js';

/** "live" / "revoked" / "unknown" for a secret checked with its provider (verify); nothing when it was not checked. */
export function VerifiedBadge({ finding }: { finding: Finding }) {
  if (finding.verified === undefined) return null;
  const [label, kind, title] =
    finding.verified === true
      ? ['live', 'live', 'The provider accepted this secret: rotate it now']
      : finding.verified === false
        ? ['revoked', 'revoked', 'The provider refused this secret']
        : ['unknown', 'unknown', 'The provider could not tell (no answer in time, or the check needs a value not found beside it)'];
  return (
    <span class={`badge verified--${kind}`} title={`${title}${finding.verified_at ? ` (checked ${finding.verified_at})` : ''}`}>
      {label}
    </span>
  );
}

/** The commit page of a history finding, when the scan knows the repository's web address. */
export function commitUrl(scanStats: Readonly<Record<string, unknown>> | undefined, commit: string): string | undefined {
  const repository = scanStats?.repository as { html_url?: unknown } | undefined;
  const base = typeof repository?.html_url === 'string' ? repository.html_url : undefined;
  if (base === undefined || !/^https?:\/\//.test(base) || !/^[0-9a-f]{40,64}$/.test(commit)) return undefined;
  return `${base.replace(/\/+$/, '')}/commit/${commit}`;
}
