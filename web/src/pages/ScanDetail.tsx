import { useEffect, useState } from 'preact/hooks';
import { BarChart } from '../components/BarChart.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { severityClass } from '../components/SeverityBadge.js';
import { useApp } from '../context.js';
import { saveBlob } from '../lib/download.js';
import { countByCategory, countBySeverity } from '../lib/findings.js';
import { formatDateTime, pluralize } from '../lib/format.js';
import type { Finding, Scan } from '../lib/types.js';
import { Link } from '../router.js';
import { FindingPanel } from './FindingPanel.js';
import { FindingsTable } from './FindingsTable.js';
import { Triage } from './Triage.js';

/** One stored scan: summary charts, findings, the finding panel, triage and exports. */
export function ScanDetail({ id }: { id: string }) {
  const { api } = useApp();
  const [scan, setScan] = useState<Scan | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [fixable, setFixable] = useState<ReadonlySet<string>>(new Set());
  const [fixableRules, setFixableRules] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<Finding | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setScan(null);
    setError(undefined);
    api
      .get<Scan>(`/v1/scans/${encodeURIComponent(id)}`, controller.signal)
      .then(setScan)
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(caught);
      });
    // Which titles have a deterministic fix comes from the service, never from a list kept here.
    api
      .get<{ titles: string[]; rules?: { rule_id: string }[] }>('/v1/fix/pr/supported', controller.signal)
      .then((body) => {
        setFixable(new Set(body.titles));
        setFixableRules(new Set((body.rules ?? []).map((r) => r.rule_id)));
      })
      .catch(() => setFixable(new Set()));
    return () => controller.abort();
  }, [api, id]);

  // The heading stays the same element while the scan loads, so the focus put on it after navigation stays there.
  const heading = (
    <>
      <nav aria-label="Breadcrumb" class="breadcrumb">
        <Link href="/scans">Scans</Link> <span aria-hidden="true">›</span> {scan?.target ?? id}
      </nav>
      <h1 tabIndex={-1} class="break">
        {scan?.target ?? `Scan ${id}`}
      </h1>
    </>
  );
  if (scan === null) {
    return (
      <>
        {heading}
        {error === undefined ? <p role="status">Loading the scan…</p> : <ErrorAlert error={error} />}
      </>
    );
  }
  return (
    <>
      {heading}
      <p class="muted">
        {scan.target_type === 'github' ? 'Repository' : 'API'} scan {scan.scan_id} · {formatDateTime(scan.completed_at)} · {pluralize(scan.finding_count, 'finding')}
      </p>
      {scan.warnings !== undefined && scan.warnings.length > 0 && (
        <div class="notice" role="note">
          <h2 class="notice__title">Warnings</h2>
          <ul>
            {scan.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <Exports scan={scan} />
      <section class="section" aria-labelledby="summary-title">
        <h2 id="summary-title">Summary</h2>
        <div class="grid">
          <BarChart title="Findings by severity" data={countBySeverity(scan.findings)} barClass={severityClass} />
          <BarChart title="Findings by category" data={countByCategory(scan.findings)} labelFor={(l) => l.replace(/_/g, ' ')} />
        </div>
      </section>
      <Triage scan={scan} />
      <FindingsTable findings={scan.findings} onOpen={setOpen} />
      {open !== null && <FindingPanel finding={open} scan={scan} fixable={fixable.has(open.title) || (open.rule_id !== undefined && fixableRules.has(open.rule_id))} onClose={() => setOpen(null)} />}
    </>
  );
}

function Exports({ scan }: { scan: Scan }) {
  const { api } = useApp();
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const exportJson = () => {
    saveBlob(new Blob([JSON.stringify(scan, null, 2)], { type: 'application/json' }), `${scan.scan_id}.json`);
  };
  const exportSarif = async () => {
    setBusy(true);
    setError(undefined);
    try {
      saveBlob(await api.blob(`/v1/scans/${encodeURIComponent(scan.scan_id)}/sarif`), `${scan.scan_id}.sarif`);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="actions" role="group" aria-label="Export">
      <button type="button" class="button" onClick={exportJson}>
        Export JSON
      </button>
      <button type="button" class="button" onClick={() => void exportSarif()} disabled={busy}>
        {busy ? 'Preparing SARIF…' : 'Export SARIF'}
      </button>
      <ErrorAlert error={error} />
    </div>
  );
}
