import { useCallback, useState } from 'preact/hooks';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useApp } from '../context.js';
import { usePlanGate } from '../hooks/usePlanGate.js';
import { useScanRun, type ScanRequest } from '../hooks/useScanRun.js';
import { formatProgress, stageLabel } from '../lib/progress.js';
import type { Scan } from '../lib/types.js';
import { navigate } from '../router.js';

type Kind = 'github' | 'api';

/** The scan form: a GitHub repository (ref, token, CVE check) or an API base URL. */
export function ScanForm() {
  const { api } = useApp();
  const [kind, setKind] = useState<Kind>('github');
  const [repository, setRepository] = useState('');
  const [ref, setRef] = useState('');
  const [token, setToken] = useState('');
  const [checkCves, setCheckCves] = useState(false);
  const [url, setUrl] = useState('');
  const onDone = useCallback((scan: Scan) => navigate(`/scans/${encodeURIComponent(scan.scan_id)}`), []);
  const { state, run, cancel } = useScanRun(api, onDone);
  // A token means a private repository, which the plan may not include.
  const privateRepos = usePlanGate('private_repository_scan');
  const running = state.phase === 'running';

  const submit = (event: Event) => {
    event.preventDefault();
    if (running) return;
    let request: ScanRequest;
    if (kind === 'github') {
      const body: Record<string, unknown> = { repository: repository.trim(), check_cves: checkCves };
      if (ref.trim() !== '') body.ref = ref.trim();
      if (token.trim() !== '' && privateRepos.allowed) body.token = token.trim();
      request = { kind: 'github', body };
      // The token is for this one request: it leaves the form as soon as it is sent.
      setToken('');
    } else {
      request = { kind: 'api', body: { url: url.trim() } };
    }
    void run(request);
  };

  const progressBar =
    state.phase === 'running' && state.progress?.files_total !== undefined && state.progress.files_total > 0 ? (
      <progress max={state.progress.files_total} value={state.progress.files_done ?? 0} aria-label="Files scanned" />
    ) : null;

  return (
    <section class="card" aria-labelledby="scan-form-title">
      <h2 id="scan-form-title">New scan</h2>
      <form onSubmit={submit}>
        <fieldset class="choice" disabled={running}>
          <legend>What to scan</legend>
          <label class="choice__item">
            <input type="radio" name="kind" value="github" checked={kind === 'github'} onChange={() => setKind('github')} />
            GitHub repository
          </label>
          <label class="choice__item">
            <input type="radio" name="kind" value="api" checked={kind === 'api'} onChange={() => setKind('api')} />
            API base URL
          </label>
        </fieldset>
        {kind === 'github' ? (
          <fieldset class="fields" disabled={running}>
            <legend class="visually-hidden">Repository</legend>
            <div class="field">
              <label for="scan-repository">Repository</label>
              <input id="scan-repository" type="text" required maxLength={1024} placeholder="owner/repo" autocomplete="off" spellcheck={false} value={repository} onInput={(e) => setRepository(e.currentTarget.value)} aria-describedby="scan-repository-help" />
              <p id="scan-repository-help" class="help">
                owner/repo or a github.com URL.
              </p>
            </div>
            <div class="field">
              <label for="scan-ref">Branch, tag or commit (optional)</label>
              <input id="scan-ref" type="text" maxLength={255} autocomplete="off" spellcheck={false} value={ref} onInput={(e) => setRef(e.currentTarget.value)} />
            </div>
            <div class="field">
              <label for="scan-token">GitHub token (optional, private repositories)</label>
              <input
                id="scan-token"
                type="password"
                maxLength={1024}
                autocomplete="off"
                value={token}
                disabled={!privateRepos.allowed}
                onInput={(e) => setToken(e.currentTarget.value)}
                aria-describedby="scan-token-help"
              />
              <p id="scan-token-help" class="help">
                {privateRepos.allowed ? 'Used for this scan only; never stored.' : `Private repositories need ${privateRepos.needs}; this account is on the ${privateRepos.current} plan. Public repositories need no token.`}
              </p>
            </div>
            <label class="check">
              <input type="checkbox" checked={checkCves} onChange={(e) => setCheckCves(e.currentTarget.checked)} />
              Check dependencies for known CVEs
            </label>
          </fieldset>
        ) : (
          <fieldset class="fields" disabled={running}>
            <legend class="visually-hidden">API</legend>
            <div class="field">
              <label for="scan-url">API base URL</label>
              <input id="scan-url" type="url" required maxLength={2048} placeholder="https://api.example.com" autocomplete="off" spellcheck={false} value={url} onInput={(e) => setUrl(e.currentTarget.value)} aria-describedby="scan-url-help" />
              <p id="scan-url-help" class="help">
                Security headers and CORS of a public endpoint; private addresses are refused.
              </p>
            </div>
          </fieldset>
        )}
        {/* Only the stage is announced; the ticking clock would be noise for a screen reader. */}
        <span role="status" class="visually-hidden">
          {state.phase === 'running' ? `Scan running: ${stageLabel(state.progress)}` : ''}
        </span>
        {state.phase === 'running' && (
          <div class="progress">
            <span class="progress__line">{formatProgress(state.progress, state.now - state.startedAt)}</span>
            {progressBar}
          </div>
        )}
        <ErrorAlert error={state.phase === 'failed' ? state.error : undefined} />
        <div class="actions">
          <button type="submit" class="button button--primary" disabled={running}>
            {running ? 'Scanning…' : 'Start scan'}
          </button>
          {running && (
            <button type="button" class="button" onClick={cancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
