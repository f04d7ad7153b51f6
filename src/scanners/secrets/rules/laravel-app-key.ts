import { defineRule } from '../rule.js';

/** Laravel's APP_KEY: "base64:" + 32 (AES-256) or 16 (AES-128) random bytes, in .env files or config/app.php defaults. */
export default defineRule({
  id: 'laravel-app-key',
  title: 'Laravel APP_KEY',
  severity: 'HIGH',
  confidence: 0.85,
  keywords: ['base64:'],
  pattern: /(?<![A-Za-z0-9])base64:(?<secret>[A-Za-z0-9+/]{43}=|[A-Za-z0-9+/]{22}==)(?![A-Za-z0-9+/=])/,
  minEntropy: 3.5,
  validate: (_secret, { line }) => /app_key|["']key["']\s{0,4}=>/i.test(line),
  description:
    'A Laravel APP_KEY is committed. It encrypts cookies, sessions and everything passed to Crypt/encrypt(): whoever knows it can decrypt that data and forge encrypted payloads, which in several Laravel versions leads to remote code execution.',
  remediation:
    'Generate a new key (php artisan key:generate) in each environment’s untracked .env or secret store, re-encrypt stored encrypted data (keeping the old key in APP_PREVIOUS_KEYS during the transition), and remove the committed value from git history.',
  references: ['https://laravel.com/docs/encryption#configuration'],
  docs: {
    summary: 'APP_KEY=base64:… values and app.php key defaults.',
    bad: ['APP_KEY=base64:' + 'q7W9xLp2Zr4Tb8Vn3Kd6Hs1Fm5Gc0Ja2Ue7Yi9Oo3Pw=', "'key' => env('APP_KEY', 'base64:" + "Hq7Lm2Vb9Kp4Wn8Rt3Yh6Jd1Fs5Gc0Xz8Ta4Qe2Ur6I=')"],
    good: ['APP_KEY=', "'key' => env('APP_KEY')", 'data = "base64:' + 'q7W9xLp2Zr4Tb8Vn3Kd6Hs1Fm5Gc0Ja2Ue7Yi9Oo3Pw="'],
  },
});
