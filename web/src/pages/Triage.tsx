import { StreamOutput } from '../components/StreamOutput.js';
import { useApp } from '../context.js';
import { useStream } from '../hooks/useStream.js';
import type { Scan } from '../lib/types.js';

/** Streaming triage (POST /v1/triage) of the whole scan: a prioritised plan. */
export function Triage({ scan }: { scan: Scan }) {
  const { api } = useApp();
  const triage = useStream(api, '/v1/triage');
  const streaming = triage.state.phase === 'streaming';
  return (
    <section class="section" aria-labelledby="triage-title">
      <h2 id="triage-title">Triage</h2>
      <p class="muted">A remediation plan for all findings of this scan, ranked by risk.</p>
      <div class="actions">
        <button type="button" class="button" disabled={streaming || scan.findings.length === 0} onClick={() => void triage.start({ scan })}>
          {triage.state.phase === 'idle' ? 'Triage this scan' : 'Triage again'}
        </button>
        {streaming && (
          <button type="button" class="button button--quiet" onClick={triage.stop}>
            Stop
          </button>
        )}
      </div>
      <StreamOutput state={triage.state} label="Triage plan" headingOffset={2} />
    </section>
  );
}
