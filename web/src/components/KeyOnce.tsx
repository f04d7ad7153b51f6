import { useEffect, useRef } from 'preact/hooks';
import { formatDateTime } from '../lib/format.js';
import type { IssuedKey } from '../lib/types.js';
import { CopyButton } from './CopyButton.js';

/**
 * A newly issued API key, shown this one time. The key lives only in the
 * state of the page that received it: leaving the page, pressing Done, or the
 * page being put away (pagehide, e.g. into the back/forward cache) calls
 * onForget/onDone, and the parent drops it. It is never written to storage,
 * the URL or history.
 */
export function KeyOnce({ issued, note, onDone, onForget }: { issued: IssuedKey; note?: string; onDone: () => void; onForget: () => void }) {
  const forget = useRef(onForget);
  forget.current = onForget;
  useEffect(() => {
    const onHide = () => forget.current();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, []);
  return (
    <section class="key-once" aria-labelledby="key-once-title">
      <h2 id="key-once-title">Your API key</h2>
      <p class="key-once__warning" role="status">
        <strong>This key will not be shown again</strong>
        {issued.emailed ? ' — it was also mailed to you.' : ' — mailing it failed, so store it now.'} Vigil keeps only a hash of it.
      </p>
      {note !== undefined && <p>{note}</p>}
      <div class="key-once__row">
        <code class="key-once__key" id="key-once-value" data-testid="api-key">
          {issued.api_key}
        </code>
        <CopyButton text={issued.api_key} label="Copy key" describedBy="key-once-value" />
      </div>
      <p class="muted">
        Prefix {issued.key_prefix}, created {formatDateTime(issued.created_at)}. Send it in the <code>X-API-Key</code> header.
      </p>
      <button type="button" class="button" onClick={onDone}>
        I have stored the key
      </button>
    </section>
  );
}
