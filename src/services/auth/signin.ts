import { normaliseEmail, type AccountService } from '../accounts/service.js';
import { AppError } from '../../core/errors.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { SignInTokensRepository, type Storage } from '../../adapters/storage/index.js';
import type { SignInLimiter } from './limits.js';
import { signInMail } from './mails.js';
import { isWellFormedSecret, newSecret, sha256Hex } from './secrets.js';
import type { ActiveSession, SessionService } from './sessions.js';

export const SIGNIN_TOKEN_TTL_MS = 15 * 60 * 1000;

export const INVALID_LINK_DETAIL = 'This sign-in link is invalid, expired or has been used; ask for a new one';

export interface SignedIn {
  readonly email: string;
  /** The session cookie value (shown to the browser once). */
  readonly token: string;
  readonly session: ActiveSession;
  /** True when this sign-in created the account. */
  readonly firstSignIn: boolean;
}

export interface SignInDeps {
  readonly storage: Storage;
  readonly accounts: AccountService;
  readonly sessions: SessionService;
  readonly mailer: Mailer;
  readonly limiter: SignInLimiter;
  /** The dashboard's external origin, for the mailed link. */
  readonly publicUrl: string;
  readonly now?: () => number;
}

/**
 * Email-link sign-in: a single-use token, valid 15 minutes, of which storage
 * keeps only the SHA-256. The answer to a link request is the same whether
 * or not the address has an account.
 */
export class SignInService {
  private readonly now: () => number;
  constructor(private readonly deps: SignInDeps) {
    this.now = deps.now ?? Date.now;
  }

  async requestLink(rawEmail: string, clientIp: string): Promise<void> {
    const email = normaliseSignInEmail(rawEmail);
    await this.deps.limiter.linkClient(clientIp);
    await this.deps.limiter.address(email);
    const repo = new SignInTokensRepository(this.deps.storage.db);
    const now = this.now();
    await repo.deleteExpired(new Date(now));
    const token = newSecret();
    await repo.insert(sha256Hex(token), email, new Date(now), new Date(now + SIGNIN_TOKEN_TTL_MS));
    const link = `${this.deps.publicUrl}/signin#token=${token}`;
    await this.deps.mailer.send(signInMail(email, link, SIGNIN_TOKEN_TTL_MS / 60_000)).catch((cause: unknown) => {
      throw new AppError('unavailable', 'Could not send the sign-in mail; retry in a minute', { retryAfterSeconds: 60, cause });
    });
  }

  /** Consumes a mailed token and opens a session for its address. */
  async verify(token: string, clientIp: string): Promise<SignedIn> {
    await this.deps.limiter.verifyClient(clientIp);
    if (!isWellFormedSecret(token)) throw new AppError('bad_request', INVALID_LINK_DETAIL);
    const email = await new SignInTokensRepository(this.deps.storage.db).consume(sha256Hex(token), new Date(this.now()));
    if (email === undefined) throw new AppError('bad_request', INVALID_LINK_DETAIL);
    return this.signInAs(email);
  }

  /** Opens a session for an address proven some other way (GitHub OAuth); creates the account on first sign-in. */
  async signInAs(email: string): Promise<SignedIn> {
    const found = await this.deps.accounts.findOrCreateForSignIn(email);
    const { token, session } = await this.deps.sessions.create(found.account.id, found.keyPending);
    return { email: found.account.email, token, session, firstSignIn: found.created };
  }
}

/** normaliseEmail, with the 400 naming the field as the contract asks. */
function normaliseSignInEmail(raw: string): string {
  try {
    return normaliseEmail(raw);
  } catch {
    throw new AppError('bad_request', 'Invalid request body: field "email" must be an email address');
  }
}
