import { Type } from '@sinclair/typebox';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { badRequest, notFound } from '../../../core/errors.js';
import { MAX_CURSOR, ScansRepository, type ScanSummary, type Storage } from '../../../adapters/storage/index.js';
import { findScan } from '../../../services/scans/store.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common.js';
import { ScanListSchema, ScanStateSchema } from '../../../core/wire/scans.js';

const ListQuery = Type.Object({
  // Query values arrive as text and bodies are never type-coerced, so the number is a pattern here.
  limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', 'x-expected': 'an integer from 1 to 100', description: 'Page size, 1–100 (default 20)' })),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$', 'x-expected': 'the next_cursor value of the previous page (digits only)', description: 'next_cursor of the previous page' })),
});

function summary(scan: ScanSummary) {
  return {
    scan_id: scan.id,
    status: scan.status,
    target_type: scan.targetType,
    target: scan.target,
    started_at: scan.startedAt.toISOString(),
    completed_at: scan.completedAt?.toISOString() ?? null,
    finding_count: scan.findingCount,
  };
}

/** Scan history of the calling account: newest first, paginated; one scan by id. Not counted in quotas. */
export const scanHistoryRoutes: FastifyPluginCallbackTypebox<{ storage: Storage }> = (app, deps, done) => {
  app.get(
    '/scans',
    {
      schema: {
        tags: ['scans'],
        operationId: 'listScans',
        summary: 'List stored scans',
        description: "The calling account's scans, newest first. Use next_cursor to page.",
        security: V1_SECURITY,
        querystring: ListQuery,
        response: { 200: { ...ScanListSchema, description: 'A page of scans' }, ...errorResponses(400, ...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const query = request.query;
      const limit = query.limit === undefined ? 20 : Number(query.limit);
      if (query.cursor !== undefined && BigInt(query.cursor) > MAX_CURSOR) {
        throw badRequest('Bad request: cursor is not one this service gave; pass next_cursor from the previous page');
      }
      const page = await new ScansRepository(deps.storage.db).list(request.caller.account.id, limit, query.cursor);
      return { items: page.items.map(summary), next_cursor: page.nextCursor };
    },
  );

  app.get(
    '/scans/:scan_id',
    {
      schema: {
        tags: ['scans'],
        operationId: 'getScan',
        summary: 'One stored scan',
        description:
          'The full scan response as it was returned when the scan ran. A scan submitted asynchronously (Prefer: respond-async) shows status queued, running, then completed ' +
          '(the full response) or failed (with error.status and error.detail). Scans of other accounts are not found.',
        security: V1_SECURITY,
        params: Type.Object({ scan_id: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$', 'x-expected': 'a scan id (1 to 64 letters and digits)' }) }),
        response: { 200: { ...ScanStateSchema, description: 'The scan' }, ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { scan_id: scanId } = request.params;
      const scan = await findScan(deps.storage, request.caller.account.id, scanId);
      if (!scan) throw notFound(`Scan ${scanId} not found`);
      return scan.state;
    },
  );
  done();
};
