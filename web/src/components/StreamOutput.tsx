import { useLayoutEffect, useRef } from 'preact/hooks';
import type { StreamState } from '../hooks/useStream.js';
import { renderMarkdown } from '../lib/sanitize.js';
import { ErrorAlert } from './ErrorAlert.js';

/**
 * A streamed answer rendered as Markdown (marked, then DOMPurify), re-rendered
 * whole as the text grows; raw HTML in it is shown as text. The service's
 * error, if any, goes to the alert region below it.
 */
export function StreamOutput({ state, label, headingOffset }: { state: StreamState; label: string; headingOffset: number }) {
  const output = useRef<HTMLElement>(null);
  const shown = state.phase !== 'idle';
  const text = state.phase === 'idle' ? '' : state.text;

  useLayoutEffect(() => {
    // The sanitised tree goes in as nodes: nothing here is ever assigned to innerHTML.
    output.current?.replaceChildren(renderMarkdown(text, { headingOffset }));
  }, [shown, text, headingOffset]);

  if (!shown) return null;
  const status = state.phase === 'streaming' ? `${label}: receiving…` : state.phase === 'done' ? `${label}: complete` : `${label}: failed`;
  return (
    <div class="stream">
      <p role="status" class="stream__status">
        {status}
      </p>
      <section ref={output} class="stream__text markdown" aria-label={label} aria-busy={state.phase === 'streaming'} tabIndex={0} hidden={text === ''} />
      <ErrorAlert error={state.phase === 'failed' ? state.error : undefined} />
    </div>
  );
}
