import { defineRule } from '../rule.js';

/** Cloudinary environment URLs (cloudinary://key:secret@cloud). */
export default defineRule({
  id: 'cloudinary-url',
  title: 'Cloudinary URL',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['cloudinary://'],
  pattern: /cloudinary:\/\/[0-9]{10,20}:(?<secret>[A-Za-z0-9_-]{20,40})@[A-Za-z0-9_-]{1,64}/,
  minEntropy: 3.5,
  description: 'A Cloudinary API secret (in a CLOUDINARY_URL) is committed. With the API key in the same URL it uploads, transforms and deletes every asset of the product environment and changes its settings.',
  remediation: 'Generate a new API key and secret in the Cloudinary console (Settings → API keys), deactivate the old pair, and keep CLOUDINARY_URL in a secret store. Remove the old one from git history.',
  references: ['https://cloudinary.com/documentation/how_to_integrate_cloudinary'],
  docs: {
    summary: 'Cloudinary environment URLs (cloudinary://key:secret@cloud).',
    bad: [
      'CLOUDINARY_URL=cloudinary://147317978529030:aQPI0bFo9' + '5_0c11o0mMRca_MaBH@acme-media',
    ],
    good: [
      'CLOUDINARY_URL=cloudinary://147317978529030:aQPI0bFo9' + '5_0c11o@acme-media',
    ],
  },
});
