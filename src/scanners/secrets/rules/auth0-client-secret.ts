import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Auth0 application client secrets assigned to an Auth0 secret setting. */
export default defineRule({
  id: 'auth0-client-secret',
  title: 'Auth0 client secret',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['auth0'],
  context: ['auth0'],
  multiline: true,
  pattern: assignedTo(String.raw`auth0`, String.raw`[A-Za-z0-9_-]{64}`, 'secret'),
  minEntropy: 4,
  description: 'A Auth0 client secret is committed. It obtains tokens as the application; for a machine-to-machine app with Management API grants that includes reading and changing every user of the tenant.',
  remediation: 'Rotate the client secret in the Auth0 dashboard (Applications → settings) and update the application. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://auth0.com/docs/get-started/applications/rotate-client-secret'],
  docs: {
    summary: 'Auth0 application client secrets assigned to an Auth0 secret setting.',
    bad: [
      'AUTH0_CLIENT_SECRET=1LuPU_RtwfXiNU4OIPGiU' + '-pxeVS5mErz60UuZc-WtXoaXYngi1R5s5n6T1LayfEO',
      'auth0_client_secret: "r5-3lKGgJ4BCKmFHbGhPM' + 'xnbu3Bi6SSMZiNVUBIJJfEat1PbyHa1857eiD4t0CmD"',
      '  "auth0ClientSecret": "BC2O8zhPo_2834XkHBa2f' + 'KnJo3eOv9xh2UEtqr5n6JDQtQB4LMTYvwJvIfdD0x8B",',
    ],
    good: [
      'AUTH0_CLIENT_SECRET=${AUTH0_CLIENT_SECRET}',
      'AUTH0_CLIENT_SECRET=1LuPU_RtwfXiNU4OIPGiU-pxeVS5mErz60UuZc',
      'OTHER_SERVICE_KEY=1LuPU_RtwfXiNU4OIPGiU' + '-pxeVS5mErz60UuZc-WtXoaXYngi1R5s5n6T1LayfEO',
    ],
  },
});
