import { allCharacterClasses } from '../assigned.js';
import { defineRule } from '../rule.js';

/**
 * Razorpay API key secrets: 24 alphanumerics, without prefix. Reported when
 * assigned to a Razorpay-named secret variable, or written right after a
 * live key id (rzp_live_ + 14) as in Client(auth=("rzp_live_…", "…")).
 */
export default defineRule({
  id: 'razorpay-key-secret',
  title: 'Razorpay key secret',
  severity: 'CRITICAL',
  confidence: 0.75,
  keywords: ['razorpay', 'rzp_live_'],
  pattern:
    /(?:razorpay[A-Za-z0-9_.-]{0,20}secret[A-Za-z0-9_-]{0,20}["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["'`]?|rzp_live_[A-Za-z0-9]{14}["'`]\s{0,4}[,:]\s{0,4}["'`])(?<secret>[A-Za-z0-9]{24})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.5,
  validate: (secret) => allCharacterClasses(secret),
  description:
    'A Razorpay API key secret is committed. With the key id (public, used in checkout pages) it authenticates to the Razorpay API: it captures and refunds payments, creates payouts and reads customer and settlement data.',
  remediation:
    'Regenerate the API key in the Razorpay Dashboard (Account & Settings → API Keys), deploy the new secret from a secret store and review payments and refunds for misuse. Remove it from git history.',
  references: ['https://razorpay.com/docs/api/authentication/'],
  docs: {
    summary: 'Razorpay API key secrets in Razorpay-named settings or next to a live key id.',
    bad: [
      'RAZORPAY_KEY_SECRET=' + 'vOnVb0DPG3V0hAJfwiua5Aed',
      'client = razorpay.Client(auth=("rzp_live_' + 't5mWbtM6YFyalw", "' + 'vOnVb0DPG3V0hAJfwiua5Aed"))',
    ],
    good: [
      'RAZORPAY_KEY_ID=rzp_live_' + 't5mWbtM6YFyalw',
      'RAZORPAY_KEY_SECRET=your_key_secret_here',
      'client = razorpay.Client(auth=(os.environ["RAZORPAY_KEY_ID"], os.environ["RAZORPAY_KEY_SECRET"]))',
    ],
  },
});
