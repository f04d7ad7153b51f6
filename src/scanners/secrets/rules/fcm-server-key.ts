import { defineRule } from '../rule.js';

/** Firebase Cloud Messaging legacy server keys: AAAA + 7 characters + :APA91b + 134 base64url characters. */
export default defineRule({
  id: 'fcm-server-key',
  title: 'Firebase Cloud Messaging server key',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: [':apa91b'],
  pattern: /(?<![A-Za-z0-9_-])(?<secret>AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134})(?![A-Za-z0-9_-])/,
  minEntropy: 4.2,
  description:
    'A Firebase Cloud Messaging legacy server key is committed. It sends push notifications to every device and topic of the Firebase project, for example phishing notifications to all app users.',
  remediation:
    'Delete the server key in the Firebase console (Project settings → Cloud Messaging) or the Google Cloud API credentials, migrate to the HTTP v1 API with a service account kept in a secret store, and remove the key from git history.',
  references: ['https://firebase.google.com/docs/cloud-messaging/auth-server'],
  docs: {
    summary: 'Firebase Cloud Messaging legacy server keys (AAAA…:APA91b…).',
    bad: [
      "'Authorization': 'key=AAAA" +
        "lnqSjp5:APA91bqD_e6sHzSaYCULI2UAxThNmqw6wi3a-Rpkf3HmJ3Lrkm8xCCTtGs2zkzcSE8W_jjHlYtHkq0rsm3s5IYTsBlJxubxBmT3mw4NjzfQCp1Wb9nLYOLGwVXlva-TSs2XtiSPMAPhw'",
    ],
    good: [
      "'Authorization': 'key=AAAAxxxxxxx:APA91bxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'",
      "'Authorization': 'key=AAAA" + "lnqSjp5:APA91bqD_e6sHzSaYCULI2UAxThNmqw6'",
    ],
  },
});
