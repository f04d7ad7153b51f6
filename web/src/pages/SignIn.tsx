import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useApp } from '../context.js';
import { signinErrorMessage, tokenFromHash } from '../lib/routes.js';
import type { Session } from '../lib/types.js';
import { Link, navigate } from '../router.js';

interface Verified {
  readonly email: string;
  readonly first_sign_in: boolean;
  readonly csrf_token: string;
}

type Phase = { readonly name: 'form' } | { readonly name: 'sent'; readonly email: string; readonly message: string } | { readonly name: 'verifying' };

/**
 * Email-link sign-in. A mailed link lands here as /signin#token=…: the token
 * is taken from the fragment, removed from the address bar at once, and
 * exchanged for a session (POST /auth/verify).
 */
export function SignIn() {
  const { api, session, setSession } = useApp();
  const initialToken = useRef(tokenFromHash(window.location.hash));
  const [phase, setPhase] = useState<Phase>(initialToken.current !== undefined ? { name: 'verifying' } : { name: 'form' });
  const [error, setError] = useState<unknown>(undefined);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [githubOAuth, setGithubOAuth] = useState(false);
  const linkError = signinErrorMessage(new URLSearchParams(window.location.search).get('error'));

  useEffect(() => {
    api
      .get<{ github_oauth: boolean }>('/auth/config')
      .then((config) => setGithubOAuth(config.github_oauth === true))
      .catch(() => setGithubOAuth(false));
  }, [api]);

  useEffect(() => {
    const verify = async (token: string) => {
      setPhase({ name: 'verifying' });
      setError(undefined);
      // The token must not stay in the address bar, history or a bookmark.
      navigate(`/signin${window.location.search}`, { replace: true });
      try {
        const verified = await api.post<Verified>('/auth/verify', { token });
        const next = await api.get<Session>('/auth/session');
        navigate(verified.first_sign_in || next.key_pending ? '/welcome' : '/', { replace: true });
        setSession(next);
      } catch (caught) {
        setError(caught);
        setPhase({ name: 'form' });
      }
    };
    const initial = initialToken.current;
    initialToken.current = undefined;
    if (initial !== undefined) void verify(initial);
    // A link pasted into a tab that already shows this page changes only the fragment.
    const onHashChange = () => {
      const token = tokenFromHash(window.location.hash);
      if (token !== undefined) void verify(token);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [api, setSession]);

  const requestLink = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.post<{ message: string }>('/auth/email', { email: email.trim() });
      setPhase({ name: 'sent', email: email.trim(), message: answer.message });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="narrow">
      <h1 tabIndex={-1}>Sign in to Vigil</h1>
      {session !== null && phase.name !== 'verifying' && (
        <p class="notice">
          You are signed in as {session.email}. <Link href="/">Go to the overview</Link>.
        </p>
      )}
      {linkError !== undefined && phase.name === 'form' && (
        <p class="alert" role="alert">
          {linkError}
        </p>
      )}
      {phase.name === 'verifying' && (
        <p role="status" class="notice">
          Checking your sign-in link…
        </p>
      )}
      {phase.name === 'sent' && (
        <section class="card" aria-labelledby="sent-title">
          <h2 id="sent-title">Check your mail</h2>
          <p role="status">{phase.message}</p>
          <p>
            Address: <strong class="break">{phase.email}</strong>. Nothing after a few minutes? Look in the spam folder, or use a different address.
          </p>
          <button type="button" class="button button--quiet" onClick={() => setPhase({ name: 'form' })}>
            Use a different address
          </button>
        </section>
      )}
      {phase.name === 'form' && (
        <section class="card" aria-labelledby="email-title">
          <h2 id="email-title">Sign in with your email address</h2>
          <form onSubmit={(e) => void requestLink(e)}>
            <div class="field">
              <label for="signin-email">Email address</label>
              <input
                id="signin-email"
                name="email"
                type="email"
                autocomplete="email"
                required
                maxLength={254}
                value={email}
                onInput={(e) => setEmail(e.currentTarget.value)}
                aria-describedby="signin-email-help"
              />
              <p id="signin-email-help" class="help">
                We mail you a link that signs you in. New here? Your account and API key are created on the first sign-in.
              </p>
            </div>
            <ErrorAlert error={error} />
            <button type="submit" class="button button--primary" disabled={busy}>
              {busy ? 'Sending…' : 'Email me a sign-in link'}
            </button>
          </form>
          {githubOAuth && (
            <div class="alt-signin">
              <p class="muted">or</p>
              <a class="button" href="/auth/github">
                Sign in with GitHub
              </a>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
