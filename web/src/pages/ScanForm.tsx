import type { ComponentChildren } from 'preact';
import { useCallback, useState } from 'preact/hooks';
import { MAX_PATHS } from '../../../src/scanners/http/limits.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useApp } from '../context.js';
import { usePlanGate } from '../hooks/usePlanGate.js';
import { useScanRun, type ScanRequest } from '../hooks/useScanRun.js';
import type { PlanGate } from '../lib/plans.js';
import { formatProgress, stageLabel } from '../lib/progress.js';
import type { Scan } from '../lib/types.js';
import { navigate } from '../router.js';

type Kind = 'github' | 'api';


/** A checkbox behind a plan gate: its help says what it does, or which plans include it (`feature` starts that sentence: "History scans need"). */
function GatedCheck(props: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void; gate: PlanGate; feature: string; children: ComponentChildren }) {
  const { id, gate } = props;
  return (
    <div class="field">
      <label class="check">
        <input type="checkbox" checked={props.checked} disabled={!gate.allowed} onChange={(e) => props.onChange(e.currentTarget.checked)} aria-describedby={`${id}-help`} />
        {props.label}
      </label>
      <p id={`${id}-help`} class="help">
        {gate.allowed ? props.children : `${props.feature} ${gate.needs}; this account is on the ${gate.current} plan.`}
      </p>
    </div>
  );
}

/** The API scan's body: the URL, and the optional document and paths only when given. */
function apiScanBody(url: string, openapiUrl: string, paths: string): { url: string; openapi_url?: string; paths?: string[] } {
  const body: { url: string; openapi_url?: string; paths?: string[] } = { url: url.trim() };
  if (openapiUrl.trim() !== '') body.openapi_url = openapiUrl.trim();
  const listed = paths
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (listed.length > 0) body.paths = listed;
  return body;
}

/** The scan form: a GitHub repository (ref, token, CVE check, history, verification) or an API base URL (OpenAPI document, paths). */
export function ScanForm() {
  const { api } = useApp();
  const [kind, setKind] = useState<Kind>('github');
  const [repository, setRepository] = useState('');
  const [ref, setRef] = useState('');
  const [token, setToken] = useState('');
  const [checkCves, setCheckCves] = useState(false);
  const [history, setHistory] = useState(false);
  const [since, setSince] = useState('');
  const [verify, setVerify] = useState(false);
  const [url, setUrl] = useState('');
  const [openapiUrl, setOpenapiUrl] = useState('');
  const [paths, setPaths] = useState('');
  const onDone = useCallback((scan: Scan) => navigate(`/scans/${encodeURIComponent(scan.scan_id)}`), []);
  const { state, run, cancel } = useScanRun(api, onDone);
  // A token means a private repository, which the plan may not include.
  const privateRepos = usePlanGate('private_repository_scan');
  const historyGate = usePlanGate('history_scan');
  const verifyGate = usePlanGate('secret_verification');
  const running = state.phase === 'running';

  const submit = (event: Event) => {
    event.preventDefault();
    if (running) return;
    let request: ScanRequest;
    if (kind === 'github') {
      const withHistory = history && historyGate.allowed;
      // A history scan runs the secrets rules only; the service refuses check_cves with it.
      const body: Record<string, unknown> = { repository: repository.trim(), check_cves: checkCves && !withHistory };
      if (ref.trim() !== '') body.ref = ref.trim();
      if (token.trim() !== '' && privateRepos.allowed) body.token = token.trim();
      if (withHistory) body.history = true;
      if (withHistory && since.trim() !== '') body.since = since.trim();
      if (verify && verifyGate.allowed) body.verify = true;
      request = { kind: 'github', body };
      // The token is for this one request: it leaves the form as soon as it is sent.
      setToken('');
    } else {
      request = { kind: 'api', body: apiScanBody(url, openapiUrl, paths) };
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
              <input type="checkbox" checked={checkCves && !history} disabled={history} onChange={(e) => setCheckCves(e.currentTarget.checked)} />
              Check dependencies for known CVEs
            </label>
            <GatedCheck id="scan-history" label="Scan the git history for secrets" checked={history} onChange={setHistory} gate={historyGate} feature="History scans need">
              Every commit of every branch and tag, secrets rules only; each secret is reported at the commit that added it.
            </GatedCheck>
            {history && historyGate.allowed && (
              <div class="field">
                <label for="scan-since">Only commits after (optional: commit, branch or tag)</label>
                <input id="scan-since" type="text" maxLength={255} autocomplete="off" spellcheck={false} value={since} onInput={(e) => setSince(e.currentTarget.value)} />
              </div>
            )}
            <GatedCheck id="scan-verify" label="Check found secrets with their providers" checked={verify} onChange={setVerify} gate={verifyGate} feature="Verification needs">
              One read-only identity call per secret; live secrets become CRITICAL.
            </GatedCheck>
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
            <div class="field">
              <label for="scan-openapi">OpenAPI document URL (optional)</label>
              <input id="scan-openapi" type="url" maxLength={2048} placeholder="https://api.example.com/openapi.json" autocomplete="off" spellcheck={false} value={openapiUrl} onInput={(e) => setOpenapiUrl(e.currentTarget.value)} aria-describedby="scan-openapi-help" />
              <p id="scan-openapi-help" class="help">
                Its GET operations are probed too, and one that declares authentication but answers without it is reported.
              </p>
            </div>
            <div class="field">
              <label for="scan-paths">More paths (optional, one per line)</label>
              <textarea id="scan-paths" rows={3} spellcheck={false} placeholder="/v1/users" value={paths} onInput={(e) => setPaths(e.currentTarget.value)} aria-describedby="scan-paths-help" />
              <p id="scan-paths-help" class="help">
                Up to {MAX_PATHS} paths on the same origin, each starting with /.
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
