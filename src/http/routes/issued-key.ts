import type { FastifyBaseLogger } from 'fastify';
import type { AccountService, IssuedKey } from '../../services/accounts/service.js';

const LOGGED_AS = { 'first-sign-in': 'the first key', rotated: 'the rotated key' } as const;

/**
 * Mails a key just issued (POST /auth/first-key, POST /v1/account/rotate-key) and answers
 * its body. A mail that fails is logged, not fatal: the answer shows the key once anyway,
 * and `emailed` says whether it was sent.
 */
export async function issuedKeyBody(accounts: AccountService, issued: IssuedKey, reason: keyof typeof LOGGED_AS, log: FastifyBaseLogger) {
  let emailed = true;
  try {
    await accounts.mailKey(issued, reason);
  } catch (error) {
    emailed = false;
    log.error({ err: error }, `could not mail ${LOGGED_AS[reason]}`);
  }
  return { api_key: issued.apiKey, key_prefix: issued.keyPrefix, created_at: issued.createdAt.toISOString(), emailed };
}
