import { defineRule } from '../rule.js';

/** New Relic browser license keys: NRJS- + 19 hex. */
export default defineRule({
  id: 'new-relic-browser-key',
  title: 'New Relic browser key',
  severity: 'LOW',
  confidence: 0.9,
  keywords: ['nrjs-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>NRJS-[a-f0-9]{19})(?![A-Za-z0-9_-])/,
  minEntropy: 3,
  description:
    'A New Relic browser key is committed. It is shipped to browsers by design and only sends browser monitoring data, but it lets others send data to the account under your application.',
  remediation:
    'No rotation is needed when it is used in a browser snippet; if it leaked outside the browser agent configuration, rotate it from the browser application settings in New Relic.',
  references: ['https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/'],
  docs: {
    summary: 'New Relic browser license keys (NRJS-…), low severity because they are public by design.',
    bad: ['licenseKey: "NRJS-' + '5d268ea22abbed38031",'],
    good: ['licenseKey: "NRJS-' + '37f64f038763",', 'licenseKey: process.env.NR_BROWSER_KEY,'],
  },
});
