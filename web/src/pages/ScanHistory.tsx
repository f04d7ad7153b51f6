import { useCallback, useEffect, useState } from 'preact/hooks';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { ScanTable } from '../components/ScanTable.js';
import { useApp } from '../context.js';
import { pluralize } from '../lib/format.js';
import { appendPage, filterScans, scansPath, toScanPage, type ScanFilter } from '../lib/scans.js';
import type { ScanSummary } from '../lib/types.js';

const PAGE_SIZE = 20;

/**
 * The account's scans, newest first, a page at a time ("Load more" follows
 * next_cursor). The filters apply to the scans loaded so far.
 */
export function ScanHistory() {
  const { api } = useApp();
  const [scans, setScans] = useState<readonly ScanSummary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [filter, setFilter] = useState<ScanFilter>({ targetType: '', text: '' });

  const load = useCallback(
    async (after: string | null, signal?: AbortSignal) => {
      setLoading(true);
      setError(undefined);
      try {
        const page = toScanPage(await api.get<unknown>(scansPath(PAGE_SIZE, after), signal));
        setScans((current) => (after === null ? page.items : appendPage(current, page.items)));
        setCursor(page.next_cursor);
        setLoaded(true);
      } catch (caught) {
        if (!signal?.aborted) setError(caught);
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(null, controller.signal);
    return () => controller.abort();
  }, [load]);

  const shown = filterScans(scans, filter);
  const filtering = filter.targetType !== '' || filter.text.trim() !== '';
  return (
    <section class="section" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <form class="filters" role="search" aria-label="Filter scans" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="history-type">Target type</label>
          <select id="history-type" value={filter.targetType} onChange={(e) => setFilter({ ...filter, targetType: e.currentTarget.value as ScanFilter['targetType'] })}>
            <option value="">All</option>
            <option value="github">Repositories</option>
            <option value="api">APIs</option>
          </select>
        </div>
        <div class="field">
          <label for="history-text">Target contains</label>
          <input id="history-text" type="search" value={filter.text} onInput={(e) => setFilter({ ...filter, text: e.currentTarget.value })} />
        </div>
      </form>
      <p role="status" class="muted">
        {loaded ? (filtering ? `${shown.length} of ${scans.length} loaded scans match` : `${pluralize(scans.length, 'scan')} loaded${cursor !== null ? '; more are available' : ''}`) : ''}
      </p>
      <ErrorAlert error={error} />
      {loaded && scans.length === 0 && <p>No scans yet: start one with the form above.</p>}
      {shown.length > 0 && <ScanTable scans={shown} caption="Scan history" />}
      {cursor !== null && (
        <button type="button" class="button" disabled={loading} onClick={() => void load(cursor)}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
