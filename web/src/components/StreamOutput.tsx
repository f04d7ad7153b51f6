import type { StreamState } from '../hooks/useStream.js';
import { ErrorAlert } from './ErrorAlert.js';

/**
 * A streamed answer rendered as plain text in a <pre> (never as HTML); the
 * service's error, if any, goes to the alert region below it.
 */
export function StreamOutput({ state, label }: { state: StreamState; label: string }) {
  if (state.phase === 'idle') return null;
  const text = state.text;
  const status = state.phase === 'streaming' ? `${label}: receiving…` : state.phase === 'done' ? `${label}: complete` : `${label}: failed`;
  return (
    <div class="stream">
      <p role="status" class="stream__status">
        {status}
      </p>
      {text !== '' && (
        <pre class="stream__text" aria-label={label} aria-busy={state.phase === 'streaming'} tabIndex={0}>
          {text}
        </pre>
      )}
      <ErrorAlert error={state.phase === 'failed' ? state.error : undefined} />
    </div>
  );
}
