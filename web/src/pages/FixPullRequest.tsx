import { useState } from 'preact/hooks';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useApp } from '../context.js';
import { usePlanGate } from '../hooks/usePlanGate.js';
import { repositoryFromTarget } from '../lib/format.js';
import type { Finding, Scan } from '../lib/types.js';

/**
 * POST /v1/fix/pr for a finding whose title has a deterministic fixer. On a
 * plan without fix pull requests the form is shown disabled, with the reason.
 */
export function FixPullRequest({ finding, scan }: { finding: Finding; scan: Scan }) {
  const { api } = useApp();
  const gate = usePlanGate('fix_pull_request');
  const [repository, setRepository] = useState(scan.target_type === 'github' ? repositoryFromTarget(scan.target) : '');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [result, setResult] = useState<{ pr_url: string; message: string } | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!gate.allowed) return;
    const body: Record<string, unknown> = { finding, repository: repository.trim() };
    if (token.trim() !== '') body.token = token.trim();
    setToken('');
    setBusy(true);
    setError(undefined);
    setResult(null);
    try {
      setResult(await api.post<{ pr_url: string; message: string }>('/v1/fix/pr', body));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="subsection" aria-labelledby="fix-pr-title">
      <h3 id="fix-pr-title">Open a fix pull request</h3>
      {!gate.allowed && (
        <p id="fix-pr-plan" class="notice" role="note">
          {gate.reason}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} aria-describedby={gate.allowed ? undefined : 'fix-pr-plan'}>
        <fieldset class="fields" disabled={!gate.allowed}>
          <legend class="visually-hidden">Pull request</legend>
          <div class="field">
            <label for="fix-pr-repository">Repository</label>
            <input id="fix-pr-repository" type="text" required maxLength={1024} autocomplete="off" spellcheck={false} value={repository} onInput={(e) => setRepository(e.currentTarget.value)} />
          </div>
          <div class="field">
            <label for="fix-pr-token">GitHub token with write access (optional)</label>
            <input id="fix-pr-token" type="password" maxLength={1024} autocomplete="off" value={token} onInput={(e) => setToken(e.currentTarget.value)} aria-describedby="fix-pr-token-help" />
            <p id="fix-pr-token-help" class="help">
              Used for this request only. Without it the server's own token is used, if it has one.
            </p>
          </div>
        </fieldset>
        <ErrorAlert error={error} />
        <button type="submit" class="button button--primary" disabled={busy || !gate.allowed}>
          {busy ? 'Opening the pull request…' : 'Open fix PR'}
        </button>
      </form>
      {result !== null && (
        <div class="success" role="status">
          <p>{result.message}</p>
          <p>
            <a href={result.pr_url} target="_blank" rel="noopener noreferrer">
              View the pull request
            </a>
          </p>
        </div>
      )}
    </section>
  );
}
