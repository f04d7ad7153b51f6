import { defineRule } from '../rule.js';

/** Human-readable stand-ins: "my_app_secret_key_2024", "not-a-secret…". */
function isReadablePhrase(value: string): boolean {
  if (/not[_-]?a[_-]?secret|notsecret|insecure[_-]key/i.test(value)) return true;
  return /secret|key|flask|django/i.test(value) && /^[A-Za-z0-9]{1,30}(?:[ _.-][A-Za-z0-9]{1,30}){1,12}$/.test(value) && !value.startsWith('django-insecure-');
}

/**
 * Django's SECRET_KEY written into settings (directly, or as the default of
 * os.environ.get / env() / config()): 50 random characters, or the
 * "django-insecure-" keys that startproject generates.
 */
export default defineRule({
  id: 'django-secret-key',
  title: 'Django SECRET_KEY',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['secret_key'],
  pathPattern: /\.py$/,
  pattern:
    /(?<![A-Za-z0-9_.])(?:DJANGO_)?SECRET_KEY\s{0,4}=\s{0,4}(?:(?:os\.environ\.get|os\.getenv|env\.str|env|config)\(\s{0,4}["'][A-Za-z_]{1,60}["']\s{0,4},\s{0,4}(?:default\s{0,2}=\s{0,2})?)?(?<q>["'])(?<secret>[^"'\s]{32,128})\k<q>/,
  minEntropy: 3.5,
  validate: (secret, { text }) => {
    if (/^[A-Za-z]{1,30}(?:[_-][A-Za-z]{1,30}){1,12}$/.test(secret) || isReadablePhrase(secret)) return false;
    if (secret.startsWith('django-insecure-')) return true;
    return /django/i.test(text);
  },
  description:
    'A Django SECRET_KEY is committed. It signs sessions, password-reset links, CSRF tokens and signed cookies: whoever knows it can forge them, and with pickle-based sessions or cache backends it can lead to code execution.',
  remediation:
    'Generate a new key (django.core.management.utils.get_random_secret_key), load it from an environment variable or secret manager in production settings (rotating with SECRET_KEY_FALLBACKS if needed), and remove the committed value from git history.',
  references: ['https://docs.djangoproject.com/en/stable/ref/settings/#secret-key'],
  docs: {
    summary: 'SECRET_KEY literals in Django settings, including django-insecure- keys and env() defaults.',
    bad: [
      "SECRET_KEY = 'django-insecure-" + "q7w%x9lp2zr@4tb8vn3kd6hs1fm5gc0+j&y!e2ua-8o(i)'",
      "import django\nSECRET_KEY = os.environ.get('SECRET_KEY', '" + "v^8k#2qz!m7x@p4t9w$r1n6b&c3j5h0l-e_s(f)g+a*d=y')",
    ],
    good: ["SECRET_KEY = os.environ['DJANGO_SECRET_KEY']", "SECRET_KEY = 'django-insecure-change-me-before-deploying-to-production'", "SECRET_KEY = env('SECRET_KEY')"],
    path: 'mysite/settings.py',
  },
});
