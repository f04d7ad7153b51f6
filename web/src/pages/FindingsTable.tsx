import { useMemo, useState } from 'preact/hooks';
import { SeverityBadge } from '../components/SeverityBadge.js';
import { distinctValues, filterFindings, locationText, NO_RULE, sortFindings, type FindingFilter, type SortDirection, type SortKey } from '../lib/findings.js';
import { pluralize } from '../lib/format.js';
import { SEVERITIES, type Finding, type Severity } from '../lib/types.js';
import { VerifiedBadge } from '../components/VerifiedBadge.js';

const COLUMNS: readonly { key: SortKey; label: string }[] = [
  { key: 'severity', label: 'Severity' },
  { key: 'title', label: 'Finding' },
  { key: 'category', label: 'Category' },
  // The scanner is not a column: it always equals the category but for API findings (docs/decisions.md); the finding panel shows it.
  { key: 'rule', label: 'Rule' },
  { key: 'location', label: 'Location' },
];

interface Sort {
  readonly key: SortKey;
  readonly direction: SortDirection;
}

/** Findings, sortable by any column (severity: worst first) and filterable. Each title opens the finding panel. */
export function FindingsTable({ findings, onOpen }: { findings: readonly Finding[]; onOpen: (finding: Finding) => void }) {
  const [filter, setFilter] = useState<FindingFilter>({ severity: '', category: '', rule: '', path: '' });
  const [sort, setSort] = useState<Sort>({ key: 'severity', direction: 'descending' });
  const categories = useMemo(() => distinctValues(findings, 'category'), [findings]);
  const rules = useMemo(() => distinctValues(findings, 'rule_id'), [findings]);
  const rows = useMemo(() => sortFindings(filterFindings(findings, filter), sort.key, sort.direction), [findings, filter, sort]);

  const toggle = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: key === 'severity' ? 'descending' : 'ascending' }));

  return (
    <section class="section" aria-labelledby="findings-title">
      <h2 id="findings-title">Findings</h2>
      <form class="filters" role="search" aria-label="Filter findings" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="f-severity">Severity</label>
          <select id="f-severity" value={filter.severity} onChange={(e) => setFilter({ ...filter, severity: e.currentTarget.value as Severity | '' })}>
            <option value="">All</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="f-category">Category</label>
          <select id="f-category" value={filter.category} onChange={(e) => setFilter({ ...filter, category: e.currentTarget.value })}>
            <option value="">All</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="f-rule">Rule</label>
          <select id="f-rule" value={filter.rule} onChange={(e) => setFilter({ ...filter, rule: e.currentTarget.value })}>
            <option value="">All</option>
            {rules.map((r) => (
              <option key={r} value={r}>
                {r === NO_RULE ? 'No rule id' : r}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="f-path">Path contains</label>
          <input id="f-path" type="search" value={filter.path} onInput={(e) => setFilter({ ...filter, path: e.currentTarget.value })} />
        </div>
      </form>
      <p role="status" class="muted">
        {rows.length === findings.length ? pluralize(findings.length, 'finding') : `${rows.length} of ${pluralize(findings.length, 'finding')} match the filters`}
      </p>
      {rows.length > 0 && (
        <div class="table-scroll" role="region" aria-label="Findings table" tabIndex={0}>
          <table class="table table--findings">
            <caption class="visually-hidden">Findings; column headers sort the table</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.key} scope="col" aria-sort={sort.key === column.key ? sort.direction : undefined}>
                    <button type="button" class="sort" onClick={() => toggle(column.key)}>
                      {column.label}
                      <span class="sort__mark" aria-hidden="true">
                        {sort.key === column.key ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id}>
                  <td>
                    <SeverityBadge severity={f.severity} />
                  </td>
                  <th scope="row" class="cell-title">
                    <button type="button" class="link-button" onClick={() => onOpen(f)} aria-haspopup="dialog">
                      {f.title}
                    </button>
                    {f.verified !== undefined && ' '}
                    <VerifiedBadge finding={f} />
                  </th>
                  <td>{f.category.replace(/_/g, ' ')}</td>
                  <td class="cell-rule">{f.rule_id !== undefined ? <code>{f.rule_id}</code> : '—'}</td>
                  <td class="cell-location">
                    <code>{locationText(f)}</code>
                    {f.location.commit !== undefined && <code class="cell-commit"> @{f.location.commit.slice(0, 8)}</code>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
