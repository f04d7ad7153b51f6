import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** PayPal REST client secrets assigned to a PayPal secret setting. */
export default defineRule({
  id: 'paypal-client-secret',
  title: 'PayPal client secret',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['paypal'],
  multiline: true,
  pattern: assignedTo(String.raw`paypal`, String.raw`[A-Za-z0-9_-]{80}`, 'secret'),
  minEntropy: 4,
  description: 'A PayPal REST API client secret is committed. With the client id it obtains access tokens that create payments, issue refunds and payouts and read transactions of the business account.',
  remediation: 'Generate a new secret for the app in the PayPal developer dashboard, then disable the old one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.paypal.com/api/rest/authentication/'],
  docs: {
    summary: 'PayPal REST client secrets assigned to a PayPal secret setting.',
    bad: [
      'PAYPAL_CLIENT_SECRET=EwTP_51f0JGnXvObM_FYwNNCkB' + 'hgwHoK0UY1GxpINb7VB9kQlDjrgELCSXJoZKeJXj82q7tsHOTM-b5X',
      'paypal_secret: "EQvQ4ZJv5_FBnZMlhJsf05N29R' + 'ohKdjAG55AembhXEFzgluyFR2pb12ZlXe6fjSbdUr3ZxD_s0FTBbhT"',
      '  "paypalClientSecret": "EQ0v5_jE5KnPBq5kgRDDtdFuge' + 'yWnjHRAumEM9YBe0utVRUNd-iymJX9HFBNFJoLmZuLNFWEiVUjnHz0",',
    ],
    good: [
      'PAYPAL_CLIENT_SECRET=${PAYPAL_CLIENT_SECRET}',
      'PAYPAL_CLIENT_SECRET=EwTP_51f0JGnXvObM_FYwNNCkBhgwHoK0UY1GxpINb7VB9kQ',
      'OTHER_SERVICE_KEY=EwTP_51f0JGnXvObM_FYwNNCkB' + 'hgwHoK0UY1GxpINb7VB9kQlDjrgELCSXJoZKeJXj82q7tsHOTM-b5X',
    ],
  },
});
