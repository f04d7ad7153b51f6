import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ScanService } from '../../../scans/service.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import { QueuedScanSchema, ScanResponseSchema } from '../../schemas/scan.js';
import { ProgressHeaders } from './scan-progress.js';
import { runScan, scanAccount, wantsAsync } from './scan-request.js';

export { mayUseServerTokenForPrivate } from '../../../scans/github.js';

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
    async: Type.Optional(Type.Boolean({ description: 'Beyond the specification, opt-in: answer 202 with the scan id at once (as the header Prefer: respond-async does); follow it with GET /v1/scans/{scan_id}' })),
  },
  { title: 'ScanGitHubRequest' },
);

export interface ScanGitHubDeps {
  readonly scans: ScanService;
}

/** POST /v1/scan/github: download, scan, store and return one repository scan. */
export function scanGitHubRoutes(app: FastifyInstance, deps: ScanGitHubDeps): void {
  app.post(
    '/scan/github',
    {
      config: {
        quota: 'scans',
        feature: (request) => ((request.body as { token?: string } | undefined)?.token?.trim() ? 'private_repository_scan' : undefined),
      },
      schema: {
        tags: ['scans'],
        operationId: 'scanGitHub',
        summary: 'Scan a GitHub repository',
        description:
          'Downloads the repository archive (default branch unless `ref` is given), scans it for secrets and returns the findings. ' +
          'The scan is stored and listed by GET /v1/scans. `token` is used for this request only. ' +
          'With X-Vigil-Progress-Id, GET /v1/scans/progress/{progress_id} follows it (queued, downloading, scanning with file counts, done or failed).',
        security: V1_SECURITY,
        body: ScanGitHubBody,
        headers: ProgressHeaders,
        response: {
          200: { ...ScanResponseSchema, description: 'The completed scan' },
          202: {
            ...QueuedScanSchema,
            description: 'Queued (async: true or Prefer: respond-async); Location is GET /v1/scans/{scan_id}',
            headers: { location: Type.String({ description: 'GET /v1/scans/{scan_id} of the queued scan' }) },
          },
          ...errorResponses(...BODY_ERRORS, 403, 404, ...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { repository: string; token?: string; ref?: string; check_cves?: boolean; async?: boolean };
      const input = {
        account: scanAccount(request),
        request: {
          kind: 'github' as const,
          repository: body.repository,
          checkCves: body.check_cves === true,
          ...(body.ref ? { ref: body.ref } : {}),
          ...(body.token ? { token: body.token } : {}),
        },
      };
      return runScan(deps.scans, input, wantsAsync(request, body.async), request, reply);
    },
  );
}
