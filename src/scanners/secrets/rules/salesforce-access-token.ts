import { defineRule } from '../rule.js';

/** Salesforce access and session tokens (00D<org id>!…). */
export default defineRule({
  id: 'salesforce-access-token',
  title: 'Salesforce access token',
  severity: 'HIGH',
  confidence: 0.9,
  keywords: ['00d'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>00D[A-Za-z0-9]{12,15}![A-Za-z0-9._]{80,140})(?![A-Za-z0-9._])/,
  minEntropy: 4,
  description: 'A Salesforce access (session) token is committed. Until it expires or is revoked it calls the Salesforce APIs as the user it was issued to, with that user’s access to the org’s records.',
  remediation: 'Revoke the session or OAuth token (Setup → Session Management, or the connected app’s OAuth usage) and obtain tokens at run time instead of storing them. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://help.salesforce.com/s/articleView?id=sf.remoteaccess_revoke_token.htm'],
  docs: {
    summary: 'Salesforce access and session tokens (00D<org id>!…).',
    bad: [
      'SF_ACCESS_TOKEN=00DJI0ifx9U627n!AQpMsJo8SErDk4po5QF6x' + '12Kl5QAL9aT4s2lDkt1G68NbBznoG1StYDV9UESVMxyTr1CvnSd1esc0akMsTgqxaehe6MrhXfq',
      'salesforce_session_id: "00D59FKhODib0NZ!AQWGWW1Hz8Ztd1iLZnA3k' + 'WYOVrf397f6MewU7yJbMbrxF2iZr7MDrlMrkXTaJjOOTqIM6fUJutZE0tCAexRSxuevpj5scjIe"',
      'const token = \'00Df9rpNrOI85tq!AQ5eKwxCeg1IlVs22m4OL' + '1QvgrWVDm5SSTrM2csNVBvKPNGoo3tvs3qXMrG8kfONQrGpwIvHsLZF1c6HwfKYS8ObKkuX4z4y\';',
    ],
    good: [
      'SF_ACCESS_TOKEN=${SF_ACCESS_TOKEN}',
      'SF_ACCESS_TOKEN=00DJI0ifx9U627n!AQpMsJo8SErDk4po5QF6x12Kl5QAL9aT4s2lDkt1G68NbBznoG1',
    ],
  },
});
