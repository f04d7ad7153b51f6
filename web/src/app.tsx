import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Layout } from './components/Layout.js';
import { AppContext, type AppState } from './context.js';
import { ApiClient, ApiError } from './lib/api.js';
import { isPublic, type Route } from './lib/routes.js';
import type { Session } from './lib/types.js';
import { NotFound } from './pages/NotFound.js';
import { Overview } from './pages/Overview.js';
import { ScanDetail } from './pages/ScanDetail.js';
import { Scans } from './pages/Scans.js';
import { Settings } from './pages/Settings.js';
import { SignIn } from './pages/SignIn.js';
import { Welcome } from './pages/Welcome.js';
import { navigate, usePlace } from './router.js';

function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'signin':
      return <SignIn />;
    case 'welcome':
      return <Welcome />;
    case 'overview':
      return <Overview />;
    case 'scans':
      return <Scans />;
    case 'scan':
      return <ScanDetail id={route.id} />;
    case 'settings':
      return <Settings />;
    case 'not-found':
      return <NotFound />;
  }
}

/**
 * Where a page must send the user instead: sign-in when signed out, welcome
 * while the first key is pending. The sign-in page itself says when a session
 * already exists (a mailed link opened while signed in still gets verified).
 */
function redirectFor(route: Route, session: Session | null): string | undefined {
  if (session === null) return isPublic(route) ? undefined : '/signin';
  if (session.key_pending && route.name !== 'welcome' && !isPublic(route)) return '/welcome';
  return undefined;
}

export function App() {
  const place = usePlace();
  const [session, setSessionState] = useState<Session | null>(null);
  const [booted, setBooted] = useState(false);
  const [bootError, setBootError] = useState<string | undefined>();
  const sessionRef = useRef<Session | null>(null);

  const setSession = useCallback((next: Session | null) => {
    sessionRef.current = next;
    setSessionState(next);
  }, []);

  const api = useMemo(
    () =>
      new ApiClient({
        fetch: (input, init) => window.fetch(input, init),
        csrfToken: () => sessionRef.current?.csrf_token,
        // Without a session every page but sign-in redirects there (redirectFor).
        onUnauthorized: () => setSession(null),
      }),
    [setSession],
  );

  const refreshSession = useCallback(async () => {
    try {
      const next = await api.get<Session>('/auth/session');
      setSession(next);
      return next;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }, [api, setSession]);

  useEffect(() => {
    refreshSession()
      .catch((error: unknown) => setBootError(error instanceof ApiError ? error.detail : 'The dashboard could not start'))
      .finally(() => setBooted(true));
  }, [refreshSession]);

  const redirect = booted ? redirectFor(place.route, session) : undefined;
  useEffect(() => {
    if (redirect !== undefined) navigate(redirect, { replace: true });
  }, [redirect]);

  const state: AppState = useMemo(() => ({ api, session, refreshSession, setSession }), [api, session, refreshSession, setSession]);

  if (!booted) return <p class="boot">Loading Vigil…</p>;
  if (bootError !== undefined && session === null && !isPublic(place.route)) {
    return (
      <main class="boot" id="main">
        <h1>Vigil is unreachable</h1>
        <p role="alert">{bootError}</p>
        <button type="button" class="button" onClick={() => window.location.reload()}>
          Retry
        </button>
      </main>
    );
  }
  if (redirect !== undefined) return <p class="boot">Loading Vigil…</p>;
  return (
    <AppContext.Provider value={state}>
      <Layout route={place.route}>
        <Page route={place.route} />
      </Layout>
    </AppContext.Provider>
  );
}
