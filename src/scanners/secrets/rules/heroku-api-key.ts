import { defineRule } from '../rule.js';

/** Names that hold a credential rather than an id. */
const CREDENTIAL_NAME = /api[_-]?key|apikey|token|auth|secret|passw(?:or)?d/i;
/** A UUID assigned to something named …id / …uuid is an identifier, not a key. */
const ID_BEFORE = /(?:id|uuid)["']?\s{0,4}(?::=|=>|=|:)\s{0,4}["']?$/i;

/**
 * Heroku API keys and OAuth tokens in the UUID format, when the line names
 * Heroku and a credential. (.netrc files are covered by netrc-password.)
 */
export default defineRule({
  id: 'heroku-api-key',
  title: 'Heroku API key',
  severity: 'CRITICAL',
  confidence: 0.7,
  keywords: ['heroku'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9_-])/i,
  minEntropy: 3,
  validate: (_secret, { line, text, offset }) => {
    if (ID_BEFORE.test(text.slice(Math.max(0, offset - 40), offset))) return false;
    return /heroku/i.test(line) && CREDENTIAL_NAME.test(line);
  },
  description:
    'A Heroku API key or OAuth token is committed. With a global scope it controls every app the user can reach: config vars (and the secrets in them), deploys, add-ons, databases and collaborators.',
  remediation:
    'Regenerate the API key under Account settings (or revoke the authorization with heroku authorizations:revoke), use a dedicated authorization with the narrowest scope for automation, and keep it in CI secrets. Remove it from git history.',
  references: ['https://devcenter.heroku.com/articles/authentication'],
  docs: {
    summary: 'Heroku API keys and OAuth tokens (UUIDs) assigned to HEROKU_API_KEY and similar names.',
    bad: ['HEROKU_API_KEY=87c477f5' + '-44bb-4b7a-a4af-97dde777bbf4', 'heroku config:set --app billing HEROKU_AUTH_TOKEN=9755cd2c' + '-4acc-4c86-a29c-98f37a680c47'],
    good: ['heroku_app_id = "2cb69463-4aa1-4853-bd84-197dca1aa7fe"', 'HEROKU_API_KEY=${{ secrets.HEROKU_API_KEY }}', 'heroku: { appId: "08a4d8b4-7219-4f6c-a85c-04765db459cf", apiKey: process.env.HEROKU_API_KEY }'],
  },
});
