import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound, unauthorized } from '../../../core/errors.js';
import type { Finding } from '../../../core/findings.js';
import { toSarif } from '../../../outputs/sarif.js';
import { ScansRepository, type Storage } from '../../../adapters/storage/index.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common.js';

const SarifLog = Type.Object(
  { version: Type.Literal('2.1.0'), runs: Type.Array(Type.Object({}, { additionalProperties: true })) },
  { title: 'SarifLog', additionalProperties: true, description: 'A SARIF 2.1.0 log with one run' },
);

/** GET /v1/scans/{scan_id}/sarif: a stored scan as SARIF 2.1.0, for code-scanning tools. Not counted in quotas. */
export function scanExportRoutes(app: FastifyInstance, deps: { storage: Storage }): void {
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
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const { scan_id: scanId } = request.params as { scan_id: string };
      const scan = await new ScansRepository(deps.storage.db).get(auth.account.id, scanId);
      if (!scan) throw notFound(`Scan ${scanId} not found`);
      if (scan.status !== 'completed') throw new AppError('conflict', `Scan ${scanId} is ${scan.status}, not completed: it has no findings to export`);
      const findings = (scan.result as { findings?: Finding[] }).findings ?? [];
      return reply
        .type('application/sarif+json')
        .header('content-disposition', `attachment; filename="${scanId}.sarif"`)
        .send(JSON.stringify(toSarif(findings)));
    },
  );
}
