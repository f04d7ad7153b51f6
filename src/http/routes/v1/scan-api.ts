import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MAX_PATHS, MAX_PROBED_PATHS } from '../../../services/scans/api.js';
import type { ScanService } from '../../../services/scans/service.js';
import { MAX_OPENAPI_BYTES } from '../../../scanners/http/openapi.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { ProgressHeaders } from './scan-progress.js';
import { AsyncField, runScan, scanAccount, scanResponses, wantsAsync } from './scan-request.js';

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
    async: AsyncField,
  },
  { title: 'ScanApiRequest' },
);

export interface ScanApiDeps {
  readonly scans: ScanService;
}

/** POST /v1/scan/api: security headers and CORS of a public API, through the SSRF-safe client. */
export const scanApiRoutes: FastifyPluginCallbackTypebox<ScanApiDeps> = (app, deps, done) => {
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
        response: scanResponses(),
      },
    },
    async (request, reply) => {
      const { url, paths, openapi_url: openapiUrl, async } = request.body;
      const input = {
        account: scanAccount(request),
        request: { kind: 'api' as const, url, ...(paths === undefined ? {} : { paths }), ...(openapiUrl === undefined ? {} : { openapiUrl }) },
      };
      return runScan(deps.scans, input, wantsAsync(request, async), request, reply);
    },
  );
  done();
};
