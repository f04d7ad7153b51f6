import { useEffect, useState } from 'preact/hooks';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { ScanTable } from '../components/ScanTable.js';
import { UsageBar } from '../components/UsageBar.js';
import { useApp, useSession } from '../context.js';
import { formatDateTime, formatWait } from '../lib/format.js';
import { scansPath, toScanPage } from '../lib/scans.js';
import { BUCKETS, type Bucket, type ScanSummary } from '../lib/types.js';
import { Link } from '../router.js';

const BUCKET_LABELS: Readonly<Record<Bucket, string>> = Object.freeze({
  scans: 'Scans and fix pull requests',
  ai: 'AI explanations, fixes and triage',
  account: 'Account requests',
});

export function planLabel(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** Plan, its hourly limits and this hour's usage (GET /auth/session), and the latest scans. */
export function Overview() {
  const { api, refreshSession } = useApp();
  const session = useSession();
  const account = session.account;
  const [recent, setRecent] = useState<readonly ScanSummary[] | null>(null);
  const [error, setError] = useState<unknown>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    refreshSession().catch((caught: unknown) => setError(caught));
    api
      .get<unknown>(scansPath(5, null), controller.signal)
      .then((body) => setRecent(toScanPage(body).items))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(caught);
      });
    return () => controller.abort();
  }, [api, refreshSession]);

  const resetsIn = (Date.parse(account.window.resets_at) - Date.now()) / 1000;
  return (
    <>
      <h1 tabIndex={-1}>Overview</h1>
      <ErrorAlert error={error} />
      <div class="grid">
        <section class="card" aria-labelledby="plan-title">
          <h2 id="plan-title">Plan</h2>
          <p class="plan">
            <span class="plan__name">{planLabel(account.plan)}</span>
          </p>
          <p class="muted">Signed in as {session.email}</p>
          {account.key !== null && (
            <p class="muted">
              API key {account.key.prefix}… created {formatDateTime(account.key.created_at)}
            </p>
          )}
        </section>
        <section class="card" aria-labelledby="usage-title">
          <h2 id="usage-title">This hour's usage</h2>
          {BUCKETS.map((bucket) => (
            <UsageBar key={bucket} label={BUCKET_LABELS[bucket]} used={account.usage[bucket]} limit={account.limits[bucket]} />
          ))}
          <p class="muted">
            The hour started {formatDateTime(account.window.started_at)}; counts reset {Number.isFinite(resetsIn) ? formatWait(resetsIn) : 'hourly'}.
          </p>
        </section>
      </div>
      <section class="section" aria-labelledby="recent-title">
        <div class="section__head">
          <h2 id="recent-title">Recent scans</h2>
          <Link href="/scans" class="button button--primary">
            New scan
          </Link>
        </div>
        {recent === null && error === undefined && <p role="status">Loading scans…</p>}
        {recent !== null && recent.length === 0 && (
          <p>
            No scans yet. <Link href="/scans">Scan a repository or an API</Link>.
          </p>
        )}
        {recent !== null && recent.length > 0 && <ScanTable scans={recent} caption="The five latest scans" />}
      </section>
    </>
  );
}
