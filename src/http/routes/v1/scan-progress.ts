import { Type } from '@sinclair/typebox';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Authenticated } from '../../../services/accounts/service.js';
import { notFound } from '../../../core/errors.js';
import { PROGRESS_ID_EXPECTED, PROGRESS_ID_PATTERN, type ProgressHandle, type ScanProgress } from '../../../services/scans/progress.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common.js';
import { ScanProgressSchema } from '../../../core/wire/scans.js';

export const PROGRESS_HEADER = 'x-vigil-progress-id';

/** The optional request header of the scan endpoints that names a scan for GET /v1/scans/progress/{id}. */
export const ProgressHeaders = Type.Object({
  prefer: Type.Optional(
    Type.String({ maxLength: 1024, description: 'respond-async: answer 202 with the scan id at once instead of waiting (RFC 7240); follow it with GET /v1/scans/{scan_id}' }),
  ),
  [PROGRESS_HEADER]: Type.Optional(
    Type.String({ pattern: PROGRESS_ID_PATTERN, 'x-expected': PROGRESS_ID_EXPECTED, description: 'Client-chosen id (16–64 of A-Z a-z 0-9 _ -) to follow this scan with GET /v1/scans/progress/{progress_id}' }),
  ),
});

/** A progress handle when the request named one, else undefined. */
export function startProgress(progress: ScanProgress, request: FastifyRequest, auth: Authenticated): ProgressHandle | undefined {
  const id = request.headers[PROGRESS_HEADER];
  return typeof id === 'string' ? progress.start(auth.account.id, id) : undefined;
}

/** GET /v1/scans/progress/{progress_id}: the stage of a running (or recently ended) scan of the calling account. Not counted. */
export const scanProgressRoutes: FastifyPluginCallbackTypebox<{ progress: ScanProgress }> = (app, deps, done) => {
  app.get(
    '/scans/progress/:progress_id',
    {
      schema: {
        tags: ['scans'],
        operationId: 'getScanProgress',
        summary: 'Progress of a running scan',
        description:
          'The stage of a scan started with the header X-Vigil-Progress-Id, while it waits (queued), runs and for 10 minutes after it ends. Kept in the memory of the service process that received the scan request; ' +
          'other accounts\' scans and unknown ids are 404.',
        security: V1_SECURITY,
        params: Type.Object({ progress_id: Type.String({ pattern: PROGRESS_ID_PATTERN, 'x-expected': PROGRESS_ID_EXPECTED }) }),
        response: { 200: { ...ScanProgressSchema, description: 'The scan\'s stage' }, ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS) },
      },
    },
    (request) => {
      const { progress_id: id } = request.params;
      const state = deps.progress.get(request.caller.account.id, id);
      if (state === undefined) throw notFound(`No scan progress for ${id}`);
      return state;
    },
  );
  done();
};
