import { markWorkStarted } from '../../plugins/access.js';
import type { PrivateScanPolicy } from '../../../config/index.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { PLAN_LABELS, planHasFeature, plansIncluding } from '../../../accounts/plans.js';
import { AppError, unauthorized } from '../../../core/errors.js';
import type { GitHubScanSettings } from '../../../scans/github.js';
import { scanGitHubRepository } from '../../../scans/github.js';
import type { ScanEngine } from '../../../scans/engine.js';
import { ScansRepository, type Storage } from '../../../storage/index.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import { ScanResponseSchema } from '../../schemas/scan.js';
import { ProgressHeaders, startProgress } from './scan-progress.js';
import type { ScanProgress } from '../../../scans/progress.js';
import type { VerifySecrets } from '../../../engine/verification.js';

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
  },
  { title: 'ScanGitHubRequest' },
);

export interface ScanGitHubDeps {
  readonly storage: Storage;
  readonly engine: ScanEngine;
  readonly settings: GitHubScanSettings;
  readonly progress: ScanProgress;
  /** GITHUB_TOKEN_PRIVATE_SCANS and the owner's address it refers to. */
  readonly privateScans: { readonly policy: PrivateScanPolicy; readonly ownerEmail: string };
  /** Secret validity checks for `"verify": true` (src/verify). */
  readonly verify?: VerifySecrets;
}

/** Whether the server's own token may read a private repository for this account. */
export function mayUseServerTokenForPrivate(policy: PrivateScanPolicy, accountEmail: string, ownerEmail: string): boolean {
  if (policy === 'allowed') return true;
  if (policy === 'never') return false;
  return accountEmail.toLowerCase() === ownerEmail.toLowerCase();
}

/** POST /v1/scan/github: download, scan, store and return one repository scan. */
export function scanGitHubRoutes(app: FastifyInstance, deps: ScanGitHubDeps): void {
  app.post(
    '/scan/github',
    {
      config: {
        quota: 'scans',
        feature: (request) => {
          const body = request.body as { token?: string; history?: boolean; verify?: boolean } | undefined;
          if (body?.history === true) return 'history_scan';
          if (body?.verify === true) return 'secret_verification';
          return body?.token?.trim() ? 'private_repository_scan' : undefined;
        },
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
        response: {
          200: { ...ScanResponseSchema, description: 'The completed scan' },
          ...errorResponses(...BODY_ERRORS, 403, 404, ...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const body = request.body as { repository: string; token?: string; ref?: string; check_cves?: boolean; history?: boolean; since?: string; verify?: boolean };
      if (body.history === true && body.check_cves === true) throw new AppError('bad_request', 'Invalid request: check_cves does not go with history (only secrets rules run over the history)');
      if (body.since !== undefined && body.history !== true) throw new AppError('bad_request', 'Invalid request: since goes with "history": true');
      // A client that hangs up stops its scan: the download and the workers are aborted.
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
      };
      reply.raw.once('close', onClose);
      const progress = startProgress(deps.progress, request, auth);
      try {
        const result = await scanGitHubRepository(
          {
            repository: body.repository,
            ...(body.token ? { token: body.token } : {}),
            ...(body.ref ? { ref: body.ref } : {}),
            checkCves: body.check_cves === true,
            ...(body.history === true ? { history: true, ...(body.since ? { since: body.since } : {}) } : {}),
            ...(body.verify === true && deps.verify ? { verify: deps.verify } : {}),
          },
          deps.settings,
          deps.engine,
          {
            signal: controller.signal,
            onStart: () => markWorkStarted(request),
            accountId: auth.account.id,
            // 'done' is reported below, once the scan is stored and can be fetched.
            ...(progress ? { onProgress: (stage, done, total) => stage !== 'done' && progress.update(stage, done, total) } : {}),
            admit: (repository, viaServerToken) => {
              if (!repository.private) return;
              if (!planHasFeature(auth.account.plan, 'private_repository_scan')) {
                throw new AppError(
                  'forbidden',
                  `Access denied: ${repository.owner}/${repository.repo} is private, and scanning private repositories requires ${plansIncluding('private_repository_scan')}; this account is on the ${PLAN_LABELS[auth.account.plan]} plan`,
                );
              }
              const { policy, ownerEmail } = deps.privateScans;
              if (viaServerToken && !mayUseServerTokenForPrivate(policy, auth.account.email, ownerEmail)) {
                throw new AppError(
                  'forbidden',
                  `Access denied: ${repository.owner}/${repository.repo} is private, and this server's GitHub token is not used for private repositories of ${policy === 'never' ? 'any account' : 'accounts other than the owner'}; send "token" with a token of your own that can read it`,
                );
              }
            },
          },
        );
        await new ScansRepository(deps.storage.db).insert({
          id: result.scan_id,
          accountId: auth.account.id,
          targetType: 'github',
          target: result.target,
          status: result.status,
          startedAt: new Date(result.started_at),
          completedAt: new Date(result.completed_at),
          findingCount: result.finding_count,
          result,
        });
        progress?.update('done');
        return result;
      } catch (error) {
        progress?.fail();
        throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}
