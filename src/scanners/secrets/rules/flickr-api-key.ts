import { assignedTo } from '../assigned.js';
import { defineRule } from '../rule.js';

/** Flickr API keys and secrets assigned to a Flickr setting. */
export default defineRule({
  id: 'flickr-api-key',
  title: 'Flickr API key',
  severity: 'LOW',
  confidence: 0.8,
  keywords: ['flickr'],
  multiline: true,
  pattern: assignedTo(String.raw`flickr`, String.raw`[a-f0-9]{32}`),
  minEntropy: 3,
  description: 'A Flickr API key or secret is committed. It calls the Flickr API as the app; with a user’s OAuth grant the secret also signs requests that change that user’s photos.',
  remediation: 'Delete the app key in Flickr (The App Garden → Your apps) and create a new one. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://www.flickr.com/services/api/misc.api_keys.html'],
  docs: {
    summary: 'Flickr API keys and secrets assigned to a Flickr setting.',
    bad: [
      'FLICKR_API_KEY=5be178447e' + 'befb17e2cdaccdffa7e51c',
      'flickr_api_secret: "d62e0208df' + '922cd207853d8572b0a2d1"',
      '  "flickrApiKey": "c4e92291b6' + 'b4ccbad990e3e8d3414f8e",',
    ],
    good: [
      'FLICKR_API_KEY=${FLICKR_API_KEY}',
      'FLICKR_API_KEY=5be178447ebefb17e2c',
      'OTHER_SERVICE_KEY=5be178447e' + 'befb17e2cdaccdffa7e51c',
    ],
  },
});
