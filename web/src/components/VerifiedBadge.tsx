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
