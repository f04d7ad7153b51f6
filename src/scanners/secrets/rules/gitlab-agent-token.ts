import { defineRule } from '../rule.js';

/** GitLab agent for Kubernetes tokens (glagent-…). */
export default defineRule({
  id: 'gitlab-agent-token',
  title: 'GitLab agent for Kubernetes token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['glagent-'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>glagent-[A-Za-z0-9_-]{20,300}(?:\.[A-Za-z0-9]{2}\.[A-Za-z0-9]{7,12})?)(?![A-Za-z0-9_-])/,
  minEntropy: 3.2,
  description:
    'A GitLab agent for Kubernetes token is committed. It connects an agent to the project as that agent, letting its holder receive the agent’s configuration and impersonate it for CI/CD and GitOps access to clusters.',
  remediation:
    'Revoke the token under Operate → Kubernetes clusters → the agent → Access tokens, create a new one, and keep it in a Kubernetes secret or secret manager rather than in manifests. Remove it from git history.',
  references: ['https://docs.gitlab.com/user/clusters/agent/work_with_agent/#reset-the-agent-token'],
  docs: {
    summary: 'GitLab agent for Kubernetes tokens (glagent-…).',
    bad: [
      'helm upgrade --install k8s-agent gitlab/gitlab-agent --set config.token=glagent-' + 'gRwr-o06zOKE6AsQPrfty5UIPq0f9yQiSr6xROVnujNYV1E-M3',
    ],
    good: [
      '--set config.token=glagent-' + 'J3fTQAcGfo',
      '--set config.token=${AGENT_TOKEN}',
    ],
  },
});
