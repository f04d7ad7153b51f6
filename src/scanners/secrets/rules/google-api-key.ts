import { defineRule } from '../rule.js';

/** Google Cloud / Firebase / Maps API keys: AIza + 35 characters. */
export default defineRule({
  id: 'google-api-key',
  title: 'Google API key',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['aiza'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>AIza[A-Za-z0-9_-]{35})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description:
    'A Google API key is committed. It calls every Google API enabled for its project that the key is not restricted from, billed to that project, and some APIs return project data to anyone holding it.',
  remediation:
    'Delete or regenerate the key under APIs & Services → Credentials, create a replacement restricted to the APIs, referrers, IPs or apps that need it, and inject it at build or run time. Remove it from git history.',
  references: ['https://cloud.google.com/docs/authentication/api-keys'],
  docs: {
    summary: 'Google API keys (AIza…), used by Google Cloud, Firebase and Maps.',
    bad: ['GOOGLE_API_KEY=AIza' + 'tF6EWoCLrugsP_HNXUMzr3tsDfVFxRVEMjC', 'const firebaseConfig = { apiKey: "AIza' + 'fNc2D0p07KK8h9Rmr-qD6FYnFdxyPBZ-iLY" };'],
    good: ['GOOGLE_API_KEY=AIza' + 'APQ-D79gCK5_LeiMb2VAs2ZzNH5o98', 'apiKey: process.env.GOOGLE_API_KEY', 'key = "AIzaSyXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"'],
  },
});
