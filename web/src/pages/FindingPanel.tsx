import type { ComponentChildren } from 'preact';
import { Dialog } from '../components/Dialog.js';
import { SeverityBadge } from '../components/SeverityBadge.js';
import { StreamOutput } from '../components/StreamOutput.js';
import { useApp } from '../context.js';
import { useStream } from '../hooks/useStream.js';
import type { Finding, Scan } from '../lib/types.js';
import { FixPullRequest } from './FixPullRequest.js';
import { VerifiedBadge } from '../components/VerifiedBadge.js';
import { commitUrl } from '../lib/history.js';

function Field({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Every field of one finding, with streaming Explain and Fix, and Open fix PR when the title is supported. */
export function FindingPanel({ finding, scan, fixable, onClose }: { finding: Finding; scan: Scan; fixable: boolean; onClose: () => void }) {
  const { api } = useApp();
  const explain = useStream(api, '/v1/explain');
  const fix = useStream(api, '/v1/fix');
  const where = finding.location;
  const busy = explain.state.phase === 'streaming' || fix.state.phase === 'streaming';
  return (
    <Dialog title={finding.title} onClose={onClose} variant="panel">
      <p>
        <SeverityBadge severity={finding.severity} /> <VerifiedBadge finding={finding} /> <code>{finding.id}</code>
      </p>
      <dl class="fields-list">
        <Field label="Category">{finding.category.replace(/_/g, ' ')}</Field>
        <Field label="Scanner">{finding.scanner_name.replace(/_/g, ' ')}</Field>
        {finding.rule_id !== undefined && <Field label="Rule">{finding.rule_id}</Field>}
        <Field label="Confidence">{`${Math.round(finding.confidence * 100)}%`}</Field>
        <Field label="OWASP">{finding.owasp_categories.length > 0 ? finding.owasp_categories.join(', ') : '—'}</Field>
        <Field label="Target">{where.target}</Field>
        {where.path !== undefined && (
          <Field label="File">
            <code>{where.path}</code>
            {where.line !== undefined && ` line ${where.line}`}
            {where.column !== undefined && `, column ${where.column}`}
          </Field>
        )}
        {where.commit !== undefined && (
          <Field label="Introduced in">
            {commitUrl(scan.stats, where.commit) !== undefined ? (
              <a href={commitUrl(scan.stats, where.commit)} rel="noreferrer noopener" target="_blank">
                <code>{where.commit.slice(0, 12)}</code>
              </a>
            ) : (
              <code>{where.commit.slice(0, 12)}</code>
            )}
            {where.commit_date !== undefined && ` on ${where.commit_date.slice(0, 10)}`}
            {where.commit_author !== undefined && ` by ${where.commit_author}`}
            {finding.present_at_head === false && ' (no longer in the latest commit: rotate it, deleting is not enough)'}
            {finding.present_at_head === true && ' (still in the latest commit)'}
          </Field>
        )}
        {where.url !== null && (
          <Field label="Request">
            <code>
              {where.method ?? ''} {where.url}
            </code>
          </Field>
        )}
      </dl>
      <h3>Description</h3>
      <p class="prose">{finding.description}</p>
      <h3>Evidence</h3>
      <pre class="evidence" tabIndex={0} aria-label="Evidence (secret values are redacted)">
        {finding.evidence || '—'}
      </pre>
      <h3>Remediation</h3>
      <p class="prose">{finding.remediation}</p>
      <h3>Ask the AI</h3>
      <div class="actions">
        <button type="button" class="button" disabled={busy} onClick={() => void explain.start({ finding })}>
          Explain
        </button>
        <button type="button" class="button" disabled={busy} onClick={() => void fix.start({ finding })}>
          Suggest a fix
        </button>
        {busy && (
          <button
            type="button"
            class="button button--quiet"
            onClick={() => {
              explain.stop();
              fix.stop();
            }}
          >
            Stop
          </button>
        )}
      </div>
      <StreamOutput state={explain.state} label="Explanation" headingOffset={2} />
      <StreamOutput state={fix.state} label="Suggested fix" headingOffset={2} />
      {fixable && <FixPullRequest finding={finding} scan={scan} />}
    </Dialog>
  );
}
