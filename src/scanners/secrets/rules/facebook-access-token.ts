import { defineRule } from '../rule.js';

/**
 * Facebook / Meta Graph API access tokens: EAA + a long alphanumeric body
 * (user, page, system-user and WhatsApp tokens). The prefix is short, so the
 * line must mention Facebook, Instagram, WhatsApp, Meta or an access token.
 */
export default defineRule({
  id: 'facebook-access-token',
  title: 'Facebook access token',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['facebook', 'fb_', 'fb.', 'instagram', 'whatsapp', 'meta_', 'graph_api', 'access_token', 'accesstoken', 'access-token'],
  pattern: /(?<![A-Za-z0-9_+/-])(?<secret>EAA[A-Za-z0-9]{90,500})(?![A-Za-z0-9_+/=-])/,
  minEntropy: 4.2,
  description:
    'A Facebook / Meta Graph API access token is committed. It acts as the user, page, system user or WhatsApp Business account it was issued for: reading their data, posting, managing ads or sending messages within its permissions.',
  remediation:
    'Invalidate the token (change the user’s password or remove the app, regenerate the system-user token in Business Settings, or reset the app secret), issue a new one and keep it in a secret store. Remove it from git history.',
  references: ['https://developers.facebook.com/docs/facebook-login/guides/access-tokens'],
  docs: {
    summary: 'Facebook, Instagram and WhatsApp Graph API access tokens (EAA…) on a line naming the platform or an access token.',
    bad: [
      'FB_ACCESS_TOKEN=EAA' +
        'G59dpeGVcMCsFjDT4JZRjwuGEOU9welo0qYlWhHa39KTIBpyeADwrwybHUFzj2rxQxAK0GQszzZ8ZF9SfSfqhjNVwUUQv7D2qDs9sk7clg6sklya96gCRFUrpQ2TCrb0tALPYxBLtTvoXbAQVqOrYcc3aqHQsgUGL5MJV9ID1WCMSOgmJ2yg0',
      'https://graph.facebook.com/v19.0/me?access_token=EAA' +
        'G59dpeGVcMCsFjDT4JZRjwuGEOU9welo0qYlWhHa39KTIBpyeADwrwybHUFzj2rxQxAK0GQszzZ8ZF9SfSfqhjNVwUUQv7D2qDs9sk7clg6sklya96gCRFUrpQ2TCrb0tALPYx',
    ],
    good: [
      'FB_ACCESS_TOKEN=EAAxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'FB_ACCESS_TOKEN=EAA' + 'G59dpeGVcMCsFjDT4JZRjwuGEOU9welo0qYlWhHa39KTIBpye',
      // Same shape without any platform context on the line.
      'blob = "EAA' +
        'G59dpeGVcMCsFjDT4JZRjwuGEOU9welo0qYlWhHa39KTIBpyeADwrwybHUFzj2rxQxAK0GQszzZ8ZF9SfSfqhjNVwUUQv7D2qDs9sk7clg6sklya96gCRFUrpQ2TCrb0tALPYx"',
    ],
  },
});
