import { defineRule } from '../rule.js';

/**
 * Credentials in kubeconfig files (~/.kube/config, kubeconfig, *.kubeconfig,
 * kubeconfig-*.yaml): bearer tokens, client private keys (client-key-data),
 * basic-auth passwords and OIDC auth-provider tokens and secrets.
 */
export default defineRule({
  id: 'kubeconfig-credentials',
  title: 'Kubernetes kubeconfig credential',
  severity: 'CRITICAL',
  confidence: 0.85,
  keywords: ['token:', 'client-key-data:', 'password:', 'client-secret:'],
  pathPattern: /(?:^|\/)(?:\.kube\/config|(?:[\w.-]{0,60}[._-])?kubeconfig(?:[_-][\w-]{1,40})?(?:\.ya?ml|\.conf)?)$/i,
  pattern:
    /(?<![\w-])(?<key>token|client-key-data|password|id-token|refresh-token|client-secret)["']?\s{0,4}:\s{0,4}["']?(?<secret>[^\s"'#]{4,8192})/,
  validate: (secret, { groups }) => {
    if (/^\$[{(A-Za-z_]/.test(secret)) return false;
    if (groups.key === 'client-key-data') return Buffer.from(secret, 'base64').toString('latin1').includes('PRIVATE KEY');
    if (groups.key === 'password') return secret.length >= 6;
    return secret.length >= 16;
  },
  cwe: 'CWE-522',
  description:
    'A kubeconfig with credentials is committed. The token, client key or password authenticates to the Kubernetes API server as that user or service account, often with cluster-admin rights.',
  remediation:
    'Revoke the credential (delete the service account token Secret or rotate the account, revoke the client certificate, or reset the cloud provider credentials), generate short-lived credentials with an exec plugin (aws eks get-token, gke-gcloud-auth-plugin, kubelogin) instead, and remove the file from git history.',
  references: ['https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/'],
  docs: {
    summary: 'token, client-key-data, password and auth-provider secrets in committed kubeconfig files.',
    path: 'deploy/kubeconfig-prod.yaml',
    bad: [
      'users:\n- name: ci\n  user:\n    token: ' + 'k8s7Qm2Vb9Lp4Wn8Rt3Yh6Jd1Fs5Gc0aPz3Tx9Lv2Hn8Qw',
      '    client-key-data: ' + 'LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBdTNacTlmWGsyTHc4Vm41',
    ],
    good: ['users:\n- name: ci\n  user:\n    exec:\n      command: aws\n      args: ["eks", "get-token"]', '    token: ${KUBE_TOKEN}', '    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t'],
  },
});
