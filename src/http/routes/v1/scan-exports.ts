import { Type } from '@sinclair/typebox';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { AppError, notFound } from '../../../core/errors.js';
import { toSarif } from '../../../outputs/sarif.js';
import type { Storage } from '../../../adapters/storage/index.js';
import { findScan } from '../../../services/scans/store.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common.js';

const SarifLog = Type.Object(
  { version: Type.Literal('2.1.0'), runs: Type.Array(Type.Object({}, { additionalProperties: true })) },
  { title: 'SarifLog', additionalProperties: true, description: 'A SARIF 2.1.0 log with one run' },
);

/** GET /v1/scans/{scan_id}/sarif: a stored scan as SARIF 2.1.0, for code-scanning tools. Not counted in quotas. */
export const scanExportRoutes: FastifyPluginCallbackTypebox<{ storage: Storage }> = (app, deps, done) => {
  app.get(
    '/scans/:scan_id/sarif',
    {
      schema: {
        tags: ['scans'],
        operationId: 'getScanSarif',
        summary: 'One stored scan as SARIF',
        description: 'The scan\'s findings as SARIF 2.1.0 (application/sarif+json, as an attachment named <scan_id>.sarif). Scans of other accounts are not found.',
        security: V1_SECURITY,
        params: Type.Object({ scan_id: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$', 'x-expected': 'a scan id (1 to 64 letters and digits)' }) }),
        response: {
          200: { description: 'The SARIF log', content: { 'application/sarif+json': { schema: SarifLog } } },
          ...errorResponses(400, 404, 409, ...AUTHENTICATED_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { scan_id: scanId } = request.params;
      const scan = await findScan(deps.storage, request.caller.account.id, scanId);
      if (!scan) throw notFound(`Scan ${scanId} not found`);
      if (scan.status !== 'completed') throw new AppError('conflict', `Scan ${scanId} is ${scan.status}, not completed: it has no findings to export`);
      // Serialised as it is, not through the documentation schema, with the charset a JSON type gets.
      return reply
        .type('application/sarif+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${scanId}.sarif"`)
        .serializer(JSON.stringify)
        .send(toSarif(scan.state.findings));
    },
  );
  done();
};
