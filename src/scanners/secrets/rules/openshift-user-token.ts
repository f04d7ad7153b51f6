import { defineRule } from '../rule.js';

/** OpenShift OAuth access tokens (sha256~…). */
export default defineRule({
  id: 'openshift-user-token',
  title: 'OpenShift user token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['sha256~'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_-])(?<secret>sha256~[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/,
  minEntropy: 3.5,
  description: 'A OpenShift OAuth access token is committed. Until it expires it calls the OpenShift/Kubernetes API as the user who logged in, with that user’s cluster and project roles.',
  remediation: 'Delete the token (oc delete oauthaccesstoken, or log out with oc logout), and use a service account with narrow roles for automation. Keep the new value in a secret store or CI secret, and remove the old one from git history.',
  references: ['https://docs.openshift.com/container-platform/latest/authentication/managing-oauth-access-tokens.html'],
  docs: {
    summary: 'OpenShift OAuth access tokens (sha256~…).',
    bad: [
      'OPENSHIFT_TOKEN=sha256~fRUmve1L7' + 'gTSGe0EEgOgeJFZM8V77PznV0Za_0kXF-S',
      'oc_token: "sha256~yPQ0TXaPt' + 'OmLLHt2EAX6PKjE9wjAjjlaJYChmkI4gez"',
      'const token = \'sha256~XOqyxb3hF' + 'EMutfn7nO9j0VzA14V5_iX92dTGM_Uq6gY\';',
    ],
    good: [
      'OPENSHIFT_TOKEN=${OPENSHIFT_TOKEN}',
      'OPENSHIFT_TOKEN=sha256~fRUmve1L7gTSGe0EEgOgeJF',
    ],
  },
});
