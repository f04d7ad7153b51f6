import { defineRule } from '../rule.js';

/**
 * Postmark server and account tokens: a UUID. Reported only when assigned to
 * a Postmark-named token/key variable, sent as the X-Postmark-Server-Token
 * header or passed to a Postmark client.
 */
export default defineRule({
  id: 'postmark-server-token',
  title: 'Postmark server token',
  severity: 'HIGH',
  confidence: 0.65,
  keywords: ['postmark'],
  pattern:
    /(?<name>[A-Za-z0-9_.-]{0,30}postmark[A-Za-z0-9_.-]{0,40})["'\]]?\s{0,4}(?::=|=>|=|:|\()\s{0,4}["'`]?(?<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9_-])/i,
  validate: (_secret, { groups }) => {
    const name = groups.name ?? '';
    return /token|key|secret|api|client|server|auth/i.test(name) && !/(?:message|msg|template|stream)[_.-]?id/i.test(name);
  },
  description:
    'A Postmark server or account token is committed. A server token sends email from the server’s sender signatures and reads its messages and bounces; an account token manages every server, domain and signature of the account.',
  remediation:
    'Regenerate the token in Postmark (the server’s API Tokens tab, or Account → API Tokens), deploy the new one from a secret store and review the activity feed for abuse. Remove it from git history.',
  references: ['https://postmarkapp.com/developer/api/overview#authentication'],
  docs: {
    summary: 'Postmark server and account API tokens in Postmark-named settings, headers and client constructors.',
    bad: [
      'POSTMARK_SERVER_TOKEN=' + 'b6f67a84-5dad-41c7-956d-806a1dcdfd7f',
      'const client = new postmark.ServerClient("' + 'b6f67a84-5dad-41c7-956d-806a1dcdfd7f");',
      'X-Postmark-Server-Token: ' + 'b6f67a84-5dad-41c7-956d-806a1dcdfd7f',
    ],
    good: [
      'POSTMARK_SERVER_TOKEN=POSTMARK_API_TEST',
      'postmark_message_id: ' + 'b6f67a84-5dad-41c7-956d-806a1dcdfd7f',
      'POSTMARK_SERVER_TOKEN=00000000-0000-0000-0000-000000000000',
    ],
  },
});
