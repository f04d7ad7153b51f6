import { defineRule } from '../rule.js';

/**
 * Facebook / Meta app secrets: 32 lower-case hex characters, without prefix.
 * Reported when assigned to a Facebook-, Instagram-, WhatsApp- or
 * Meta-app-named secret variable.
 */
export default defineRule({
  id: 'facebook-app-secret',
  title: 'Facebook app secret',
  severity: 'HIGH',
  confidence: 0.7,
  keywords: ['facebook', 'fb', 'instagram', 'whatsapp', 'meta_app', 'metaapp', 'meta-app'],
  pattern:
    /(?<![A-Za-z0-9])(?:facebook|fb|instagram|whatsapp|meta[_.-]?app)[A-Za-z0-9_.-]{0,20}secret[A-Za-z0-9_-]{0,10}["'\]]?\s{0,4}(?::=|=>|=|:)\s{0,4}["'`]?(?<secret>[a-f0-9]{32})(?![A-Za-z0-9_-])/i,
  minEntropy: 3.2,
  validate: (secret) => /^[a-f0-9]{32}$/.test(secret),
  description:
    'A Facebook / Meta app secret is committed. It signs Graph API calls and creates app access tokens, so whoever has it can act as the app: reading data its users granted, changing its settings and subscriptions, and forging signed requests.',
  remediation:
    'Reset the app secret in the Meta App Dashboard (Settings → Basic), deploy the new one from a secret store, and remove the old one from git history.',
  references: ['https://developers.facebook.com/docs/facebook-login/security#appsecret'],
  docs: {
    summary: 'Facebook, Instagram, WhatsApp and Meta app secrets assigned to a platform-named secret variable.',
    bad: ['FACEBOOK_APP_SECRET=' + '4a99c4f9c3e5ae656d44d313d72ff58f', "fbAppSecret: '" + "4a99c4f9c3e5ae656d44d313d72ff58f',"],
    good: [
      'FACEBOOK_APP_SECRET=your_app_secret',
      'FACEBOOK_APP_ID=' + '4a99c4f9c3e5ae656d44d313d72ff58f',
      'metadata_secret = "' + '4a99c4f9c3e5ae656d44d313d72ff58f"',
    ],
  },
});
