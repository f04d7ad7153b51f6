import { defineRule } from '../rule.js';

/** Docker Hub personal (dckr_pat_) and organization (dckr_oat_) access tokens. */
export default defineRule({
  id: 'docker-hub-token',
  title: 'Docker Hub access token',
  severity: 'HIGH',
  confidence: 0.95,
  keywords: ['dckr_pat_', 'dckr_oat_'],
  anchored: true,
  pattern: /(?<![A-Za-z0-9_])(?<secret>dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,40})(?![A-Za-z0-9_-])/,
  minEntropy: 3.8,
  description:
    'A Docker Hub access token is committed. Within its permissions it pulls private images and can push or delete images in the user’s or organization’s repositories, a supply-chain risk for everyone who pulls them.',
  remediation:
    'Delete the token under Account settings → Personal access tokens (or the organization’s access tokens), create a replacement with read-only or repository-scoped access where possible, and keep it in CI secrets. Remove it from git history.',
  references: ['https://docs.docker.com/security/for-developers/access-tokens/'],
  docs: {
    summary: 'Docker Hub personal access tokens (dckr_pat_…) and organization access tokens (dckr_oat_…).',
    bad: ['DOCKERHUB_TOKEN=dckr_pat_' + 'tz0XDZOB9TzHU6aXgijYBShscRP', 'echo "dckr_pat_' + 'xwD6wCQNIWGv5Zk4BiusDow0xkm" | docker login -u acmeci --password-stdin'],
    good: ['DOCKERHUB_TOKEN=dckr_pat_' + 'WSylU-xp1zq8JOC', 'DOCKERHUB_TOKEN=${{ secrets.DOCKERHUB_TOKEN }}'],
  },
});
