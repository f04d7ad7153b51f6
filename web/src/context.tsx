import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiClient } from './lib/api.js';
import type { Session } from './lib/types.js';

export interface AppState {
  readonly api: ApiClient;
  /** The signed-in session, or null when signed out. */
  readonly session: Session | null;
  /** Reloads GET /auth/session (plan, usage, key); null when signed out. */
  readonly refreshSession: () => Promise<Session | null>;
  /** After sign-in (POST /auth/verify) or sign-out. */
  readonly setSession: (session: Session | null) => void;
}

export const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  const state = useContext(AppContext);
  if (state === null) throw new Error('useApp outside <App>');
  return state;
}

/** The session of a page that is only shown when signed in. */
export function useSession(): Session {
  const { session } = useApp();
  if (session === null) throw new Error('useSession without a session');
  return session;
}
