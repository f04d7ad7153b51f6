import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { KeyOnce } from '../components/KeyOnce.js';
import { useApp } from '../context.js';
import { ApiError } from '../lib/api.js';
import type { IssuedKey } from '../lib/types.js';
import { Link, navigate } from '../router.js';

/**
 * First sign-in: the account exists without a key; POST /auth/first-key
 * issues it, mails it and returns it this once.
 */
export function Welcome() {
  const { api, session, refreshSession } = useApp();
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [alreadyIssued, setAlreadyIssued] = useState(session !== null && !session.key_pending);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || session === null || !session.key_pending) return;
    asked.current = true;
    void (async () => {
      try {
        setIssued(await api.post<IssuedKey>('/auth/first-key'));
        await refreshSession().catch(() => null);
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 409) setAlreadyIssued(true);
        else setError(caught);
      }
    })();
  }, [api, session, refreshSession]);

  return (
    <div class="narrow">
      <h1 tabIndex={-1}>Welcome to Vigil</h1>
      <p>Your account is on the Free plan. The API key below lets scripts and CI call the Vigil API; this dashboard uses your sign-in instead.</p>
      {issued !== null && (
        <KeyOnce
          issued={issued}
          onDone={() => {
            setIssued(null);
            navigate('/');
          }}
          onForget={() => {
            setIssued(null);
            setAlreadyIssued(true);
          }}
        />
      )}
      {issued === null && alreadyIssued && (
        <p class="notice">
          Your API key was already issued and mailed to you; it is never shown twice. Lost it? Rotate it in <Link href="/settings">Settings</Link>.
        </p>
      )}
      {issued === null && !alreadyIssued && error === undefined && (
        <p role="status" class="notice">
          Creating your API key…
        </p>
      )}
      <ErrorAlert error={error} />
      {issued === null && (
        <p>
          <Link href="/" class="button">
            Go to the overview
          </Link>
        </p>
      )}
    </div>
  );
}
