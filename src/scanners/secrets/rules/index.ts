/**
 * The explicit registry of secrets rules. A test checks that it lists every
 * file in this folder exactly once. Keep it sorted.
 */
import type { SecretRule } from '../rule.js';
import awsAccessKeyId from './aws-access-key-id.js';
import genericSecretAssignment from './generic-secret-assignment.js';
import githubFineGrainedToken from './github-fine-grained-token.js';
import githubToken from './github-token.js';
import jwt from './jwt.js';
import privateKey from './private-key.js';

export const SECRET_RULES: readonly SecretRule[] = Object.freeze([
  awsAccessKeyId,
  genericSecretAssignment,
  githubFineGrainedToken,
  githubToken,
  jwt,
  privateKey,
]);
