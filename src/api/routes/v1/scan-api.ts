import { markWorkStarted } from '../../plugins/access.js';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../../core/errors.js';
import type { ScanCapacity } from '../../../engine/capacity.js';
import { MAX_PATHS, MAX_PROBED_PATHS, scanApiTarget, type ApiScanSettings } from '../../../scans/api.js';
import { MAX_OPENAPI_BYTES } from '../../../scanners/http/openapi.js';
import { ScansRepository, type Storage } from '../../../storage/index.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import { ScanResponseSchema } from '../../schemas/scan.js';
import { ProgressHeaders, startProgress } from './scan-progress.js';
import type { ScanProgress } from '../../../scans/progress.js';

const ScanApiBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'API base URL (http or https); must be publicly reachable' }),
    paths: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 512, pattern: '^/', 'x-expected': 'a path starting with /' }), {
        maxItems: MAX_PATHS,
        description: `Beyond the specification, opt-in: up to ${MAX_PATHS} GET paths on the same origin (e.g. /v1/users) whose responses get the header checks too, and the check for data served without credentials; findings that differ from the base URL's carry the path's URL`,
      }),
    ),
    openapi_url: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 2048,
        description:
          `Beyond the specification, opt-in: the URL of an OpenAPI 3.x or Swagger 2.0 document (JSON or YAML, at most ${MAX_OPENAPI_BYTES / (1024 * 1024)} MiB, publicly reachable). ` +
          `Its GET operations are probed on the target's origin like paths (path parameters filled with the document's examples or safe values, the server's base path applied, secured operations first, at most ${MAX_PROBED_PATHS} paths with the listed ones), ` +
          'and an operation that declares security but answers 2xx with data without credentials is a finding. An unreachable or invalid document is a 400.',
      }),
    ),
  },
  { title: 'ScanApiRequest' },
);

export interface ScanApiDeps {
  readonly storage: Storage;
  readonly capacity: ScanCapacity;
  readonly settings: ApiScanSettings;
  readonly progress: ScanProgress;
}

/** POST /v1/scan/api: security headers and CORS of a public API, through the SSRF-safe client. */
export function scanApiRoutes(app: FastifyInstance, deps: ScanApiDeps): void {
  app.post(
    '/scan/api',
    {
      config: { quota: 'scans' },
      schema: {
        tags: ['scans'],
        operationId: 'scanApi',
        summary: 'Scan an API base URL',
        description:
          'Requests the URL (following redirects), its http:// variant and CORS probes with crafted Origin values, then reports missing or weak security headers and CORS mistakes. ' +
          'Private, loopback, link-local and other non-public addresses are refused (400), at every redirect hop. ' +
          'Opt-in, `paths` and `openapi_url` add GETs of further endpoints on the same origin. ' +
          'With X-Vigil-Progress-Id, GET /v1/scans/progress/{progress_id} follows it (queued, scanning, done or failed).',
        security: V1_SECURITY,
        body: ScanApiBody,
        headers: ProgressHeaders,
        response: { 200: { ...ScanResponseSchema, description: 'The completed scan' }, ...errorResponses(...BODY_ERRORS, ...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const { url, paths, openapi_url: openapiUrl } = request.body as { url: string; paths?: string[]; openapi_url?: string };
      const controller = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
      };
      reply.raw.once('close', onClose);
      const progress = startProgress(deps.progress, request, auth);
      try {
        progress?.update('scanning');
        const result = await scanApiTarget(url, deps.settings, deps.capacity, {
          signal: controller.signal,
          onStart: () => markWorkStarted(request),
          accountId: auth.account.id,
          ...(paths === undefined ? {} : { paths }),
          ...(openapiUrl === undefined ? {} : { openapiUrl }),
        });
        await new ScansRepository(deps.storage.db).insert({
          id: result.scan_id,
          accountId: auth.account.id,
          targetType: 'api',
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
