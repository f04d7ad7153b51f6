import { assignedTo, randomLooking } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Twitter/X consumer secrets (50), access token secrets (45) and access tokens (id-…) assigned to a Twitter setting. */
export default defineRule({
  id: 'twitter-api-secret',
  title: 'Twitter/X API secret',
  severity: 'HIGH',
  confidence: 0.8,
  keywords: ['twitter'],
  multiline: true,
  pattern: assignedTo(String.raw`twitter`, String.raw`[A-Za-z0-9]{50}|[A-Za-z0-9]{45}|[0-9]{15,25}-[A-Za-z0-9]{20,40}`),
  minEntropy: 3.5,
  validate: (secret) => randomLooking(secret),
  description: 'A Twitter/X API secret or access token is committed. Consumer secrets and access tokens sign API requests as the app and the account that authorised it: posting, reading direct messages and following.',
  remediation: 'Regenerate the API key and secret and the access token and secret in the X developer portal (Keys and tokens). Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://developer.x.com/en/docs/authentication/oauth-1-0a/api-key-and-secret'],
  docs: {
    summary: 'Twitter/X consumer secrets (50), access token secrets (45) and access tokens (id-…) assigned to a Twitter setting.',
    bad: [
      'TWITTER_CONSUMER_SECRET=d7CoqLnpUQcdrCQX' + 'wnuHIBSrms3yDVUV7w8LOXjiFyxSoc6XRB',
      'twitter_access_token_secret: "YcLD8Cwft81bQqRo' + 'vYyo4jiDbbfL95nUytNkyetrO4rErHWtwK"',
      '  "twitterConsumerSecret": "h5NNdjtuKWaDxA4l' + 'sfHENKfA0hxbOybQCliaOOkY5CM7jsBNtw",',
    ],
    good: [
      'TWITTER_CONSUMER_SECRET=${TWITTER_CONSUMER_SECRET}',
      'TWITTER_CONSUMER_SECRET=d7CoqLnpUQcdrCQXwnuHIBSrms3yDV',
      'OTHER_SERVICE_KEY=d7CoqLnpUQcdrCQX' + 'wnuHIBSrms3yDVUV7w8LOXjiFyxSoc6XRB',
    ],
  },
});
