import { useState } from 'preact/hooks';
import { useApp } from '../context.js';
import { ApiError } from '../lib/api.js';
import { navigate } from '../router.js';

/** POST /auth/signout (the session ends on the server), then the sign-in page. */
export function SignOutButton({ class: className }: { class?: string }) {
  const { api, setSession } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const signOut = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.post('/auth/signout');
      setSession(null);
      navigate('/signin', { replace: true });
    } catch (caught) {
      // A session that is already gone (401) has been handled by the client.
      if (!(caught instanceof ApiError && caught.status === 401)) setError(caught instanceof ApiError ? caught.detail : 'Sign-out failed');
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class={className ?? 'button'} onClick={() => void signOut()} disabled={busy}>
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
      {error !== undefined && (
        <span role="alert" class="inline-error">
          {error}
        </span>
      )}
    </>
  );
}
