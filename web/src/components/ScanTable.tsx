import { formatDateTime } from '../lib/format.js';
import type { ScanSummary } from '../lib/types.js';
import { Link } from '../router.js';

const TYPE_LABELS: Readonly<Record<string, string>> = Object.freeze({ github: 'Repository', api: 'API' });

/** Scan summaries as a table that scrolls sideways on narrow screens. */
export function ScanTable({ scans, caption }: { scans: readonly ScanSummary[]; caption: string }) {
  return (
    <div class="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table class="table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Type</th>
            <th scope="col">Started</th>
            <th scope="col" class="num">
              Findings
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {scans.map((scan) => (
            <tr key={scan.scan_id}>
              <th scope="row" class="cell-target">
                <Link href={`/scans/${encodeURIComponent(scan.scan_id)}`}>{scan.target}</Link>
              </th>
              <td>{TYPE_LABELS[scan.target_type] ?? scan.target_type}</td>
              <td>{formatDateTime(scan.started_at)}</td>
              <td class="num">{scan.finding_count}</td>
              <td>{scan.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
