import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Pusher Channels app secrets assigned to a Pusher secret setting. */
export default defineRule({
  id: 'pusher-app-secret',
  title: 'Pusher app secret',
  severity: 'MEDIUM',
  confidence: 0.8,
  keywords: ['pusher'],
  multiline: true,
  pattern: assignedTo(String.raw`pusher`, String.raw`[a-f0-9]{20}`, 'secret'),
  minEntropy: 3,
  description: 'A Pusher Channels app secret is committed. It signs server requests for the app: broadcasting to every channel and authorising private and presence channel subscriptions.',
  remediation: 'Create a new key pair for the app in the Pusher dashboard (App keys) and delete the old one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://pusher.com/docs/channels/server_api/http-api/'],
  docs: {
    summary: 'Pusher Channels app secrets assigned to a Pusher secret setting.',
    bad: [
      'PUSHER_APP_SECRET=7d1f0e' + '9b4a2c5e8d6f13',
      'pusher_secret: "1e2075' + 'f806037f27c261"',
      '  "pusherAppSecret": "ae2c93' + 'e392ebdbaba713",',
    ],
    good: [
      'PUSHER_APP_SECRET=${PUSHER_APP_SECRET}',
      'PUSHER_APP_SECRET=0b363ba6830a',
      'OTHER_SERVICE_KEY=0b363b' + 'a6830afc3333a6',
    ],
  },
});
