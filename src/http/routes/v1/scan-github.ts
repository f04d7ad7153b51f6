import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../core/errors.js';
import type { ScanService } from '../../../services/scans/service.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import type { Feature } from '../../../services/accounts/plans.js';
import { ProgressHeaders } from './scan-progress.js';
import { AsyncField, runScan, scanAccount, scanResponses, wantsAsync } from './scan-request.js';

export { mayUseServerTokenForPrivate } from '../../../services/scans/github.js';

const ScanGitHubBody = Type.Object(
  {
    repository: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'owner/repo, https://github.com/owner/repo[.git|/tree/<ref>], git@github.com:owner/repo.git or ssh://git@github.com/owner/repo',
    }),
    token: Type.Optional(Type.String({ maxLength: 1024, description: 'GitHub token for this request only (private repositories); never stored or logged' })),
    ref: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "Branch, tag or commit SHA; default: the repository's default branch" })),
    check_cves: Type.Optional(Type.Boolean({ description: 'Query the vulnerability database for known CVEs (default false)' })),
    history: Type.Optional(
      Type.Boolean({
        description:
          'Scan the git history for secrets instead of one tree (Pro and Team): a bare clone, every blob of every branch and tag scanned once, each secret reported at the commit that introduced it (default false)',
      }),
    ),
    since: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'With history: only commits after this commit, branch or tag' })),
    verify: Type.Optional(Type.Boolean({ description: 'Check each found secret with its provider (one read-only identity call; Pro and Team); live secrets become CRITICAL (default false)' })),
    async: AsyncField,
  },
  { title: 'ScanGitHubRequest' },
);

export interface ScanGitHubDeps {
  readonly scans: ScanService;
}

/** POST /v1/scan/github: download, scan, store and return one repository scan. */
/** The plan feature a repository scan uses: history, verification, or a private repository (a token). */
function feature(request: FastifyRequest<{ Body: Static<typeof ScanGitHubBody> }>): Feature | undefined {
  const body = request.body;
  if (body.history === true) return 'history_scan';
  if (body.verify === true) return 'secret_verification';
  return body.token?.trim() ? 'private_repository_scan' : undefined;
}

export const scanGitHubRoutes: FastifyPluginCallbackTypebox<ScanGitHubDeps> = (app, deps, done) => {
  app.post(
    '/scan/github',
    {
      config: {
        quota: 'scans',
        feature,
      },
      schema: {
        tags: ['scans'],
        operationId: 'scanGitHub',
        summary: 'Scan a GitHub repository',
        description:
          'Downloads the repository archive (default branch unless `ref` is given), scans it for secrets and returns the findings. ' +
          'The scan is stored and listed by GET /v1/scans. `token` is used for this request only. ' +
          'With `history: true` (Pro and Team) the repository is cloned bare and every blob of its branches and tags is scanned for secrets once; ' +
          'each secret is reported at the commit that introduced it (`location.commit`, `commit_date`, `commit_author`, `present_at_head`). ' +
          'With `verify: true` (Pro and Team) each found secret is checked with its provider (`verified`, `verified_at`; live secrets become CRITICAL). ' +
          'With X-Vigil-Progress-Id, GET /v1/scans/progress/{progress_id} follows it (queued, downloading, scanning with file counts, done or failed).',
        security: V1_SECURITY,
        body: ScanGitHubBody,
        headers: ProgressHeaders,
        response: scanResponses(403, 404),
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.history === true && body.check_cves === true) throw new AppError('bad_request', 'Invalid request: check_cves does not go with history (only secrets rules run over the history)');
      if (body.since !== undefined && body.history !== true) throw new AppError('bad_request', 'Invalid request: since goes with "history": true');
      const input = {
        account: scanAccount(request),
        request: {
          kind: 'github' as const,
          repository: body.repository,
          checkCves: body.check_cves === true,
          ...(body.ref ? { ref: body.ref } : {}),
          ...(body.token ? { token: body.token } : {}),
          ...(body.history === true ? { history: true, ...(body.since ? { since: body.since } : {}) } : {}),
          ...(body.verify === true ? { verify: true } : {}),
        },
      };
      return runScan(deps.scans, input, wantsAsync(request, body.async), request, reply);
    },
  );
  done();
};
