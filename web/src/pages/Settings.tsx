import { useState } from 'preact/hooks';
import { Dialog } from '../components/Dialog.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { KeyOnce } from '../components/KeyOnce.js';
import { SignOutButton } from '../components/SignOutButton.js';
import { useApp, useSession } from '../context.js';
import { formatDateTime } from '../lib/format.js';
import type { IssuedKey } from '../lib/types.js';
import { Webhooks } from './Webhooks.js';

/** The API key (prefix and date only), key rotation behind a confirmation, webhooks, sign-out. */
export function Settings() {
  const { api, refreshSession } = useApp();
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const key = session.account.key;

  const rotate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const next = await api.post<IssuedKey>('/v1/account/rotate-key');
      setConfirming(false);
      setIssued(next);
      await refreshSession().catch(() => null);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>Settings</h1>
      <section class="card" aria-labelledby="key-title">
        <h2 id="key-title">API key</h2>
        {key === null ? (
          <p>No key has been issued yet.</p>
        ) : (
          <dl class="fields-list">
            <dt>Prefix</dt>
            <dd>
              <code>{key.prefix}…</code>
            </dd>
            <dt>Created</dt>
            <dd>{formatDateTime(key.created_at)}</dd>
          </dl>
        )}
        <p class="muted">Vigil stores only a hash of the key, so it cannot show it again. Rotating issues a new key, mails it to {session.email}, and the old key stops working at once.</p>
        {issued !== null ? (
          <KeyOnce issued={issued} note="The previous key stopped working when this one was issued." onDone={() => setIssued(null)} onForget={() => setIssued(null)} />
        ) : (
          <button type="button" class="button button--danger" onClick={() => setConfirming(true)}>
            Rotate key
          </button>
        )}
        {!confirming && <ErrorAlert error={error} />}
      </section>
      <Webhooks />
      <section class="card" aria-labelledby="session-title">
        <h2 id="session-title">Session</h2>
        <p>Signed in as {session.email}. Signing out ends this session on the server.</p>
        <SignOutButton />
      </section>
      {confirming && (
        <Dialog title="Rotate the API key?" onClose={() => setConfirming(false)} describedBy="rotate-explain">
          <p id="rotate-explain">
            Scripts and CI jobs that use the current key{key !== null ? ` (${key.prefix}…)` : ''} will get 401 from now on, until you give them the new key.
          </p>
          <ErrorAlert error={error} />
          <div class="actions">
            <button type="button" class="button button--danger" disabled={busy} onClick={() => void rotate()}>
              {busy ? 'Rotating…' : 'Rotate now'}
            </button>
            <button type="button" class="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
