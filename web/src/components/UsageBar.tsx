import { usageShare, usageText } from '../lib/format.js';

/** One quota bucket: an SVG bar (decorative) and the numbers as text. */
export function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const share = usageShare(used, limit);
  const width = Math.round(share * 100);
  const level = share >= 0.9 ? 'usage__fill--high' : share >= 0.6 ? 'usage__fill--medium' : '';
  return (
    <div class="usage">
      <div class="usage__head">
        <span class="usage__label">{label}</span>
        <span class="usage__text">{usageText(used, limit)}</span>
      </div>
      <svg class="usage__bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect x={0} y={0} width={100} height={8} rx={2} class="usage__track" />
        {limit !== null && <rect x={0} y={0} width={width} height={8} rx={2} class={`usage__fill ${level}`} />}
      </svg>
    </div>
  );
}
