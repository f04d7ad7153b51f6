import { SessionsRepository, type SessionRow, type Storage } from '../../adapters/storage/index.js';
import { isWellFormedSecret, newSecret, sha256Hex } from './secrets.js';

export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** Activity is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface ActiveSession {
  readonly idHash: string;
  readonly accountId: string;
  readonly csrfToken: string;
  readonly keyPending: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface NewSessionResult {
  /** The cookie value: handed to the browser once, only its SHA-256 is stored. */
  readonly token: string;
  readonly session: ActiveSession;
}

/**
 * Server-side dashboard sessions. A session ends after 7 days without use or
 * 30 days after sign-in, whichever comes first, or at sign-out. Expired rows
 * are deleted when met and swept at each new sign-in.
 */
export class SessionService {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  async create(accountId: string, keyPending: boolean): Promise<NewSessionResult> {
    const repo = new SessionsRepository(this.storage.db);
    const now = this.now();
    await repo.deleteExpired(new Date(now));
    const token = newSecret();
    const session: ActiveSession = {
      idHash: sha256Hex(token),
      accountId,
      csrfToken: newSecret(),
      keyPending,
      createdAt: new Date(now),
      expiresAt: expiryOf(now, now),
    };
    await repo.insert({ ...session });
    return { token, session };
  }

  /** The live session behind a cookie value, or undefined (unknown, malformed, expired: the row is then removed). */
  async resolve(token: unknown): Promise<ActiveSession | undefined> {
    if (!isWellFormedSecret(token)) return undefined;
    const repo = new SessionsRepository(this.storage.db);
    const row = await repo.find(sha256Hex(token));
    if (row === undefined) return undefined;
    const now = this.now();
    const lastSeen = new Date(row.last_seen_at).getTime();
    const expiresAt = expiryOf(new Date(row.created_at).getTime(), lastSeen);
    if (expiresAt.getTime() <= now) {
      await repo.delete(row.id_hash);
      return undefined;
    }
    if (now - lastSeen < TOUCH_INTERVAL_MS) return toSession(row, expiresAt);
    const renewed = expiryOf(new Date(row.created_at).getTime(), now);
    await repo.touch(row.id_hash, new Date(now), renewed);
    return toSession(row, renewed);
  }

  /** Sign-out: the row is deleted, so the cookie is worthless from now on. */
  async end(idHash: string): Promise<void> {
    await new SessionsRepository(this.storage.db).delete(idHash);
  }

  /** The account's first key was issued: its sessions stop waiting for it. */
  async keyIssued(accountId: string): Promise<void> {
    await new SessionsRepository(this.storage.db).clearKeyPending(accountId);
  }
}

/** The earlier of the idle expiry (from the last activity) and the absolute one (from sign-in). */
function expiryOf(createdAtMs: number, lastSeenMs: number): Date {
  return new Date(Math.min(createdAtMs + SESSION_ABSOLUTE_MS, lastSeenMs + SESSION_IDLE_MS));
}

function toSession(row: SessionRow, expiresAt: Date): ActiveSession {
  return {
    idHash: row.id_hash,
    accountId: row.account_id,
    csrfToken: row.csrf_token,
    keyPending: row.key_pending,
    createdAt: new Date(row.created_at),
    expiresAt,
  };
}
