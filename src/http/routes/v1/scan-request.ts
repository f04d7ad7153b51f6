import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { markWorkStarted } from '../../plugins/access.js';
import { QueuedScanSchema, ScanResponseSchema } from '../../../core/wire/scans.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import type { ScanAccount } from '../../../services/scans/jobs.js';
import type { QueuedScan, ScanService, ScanInput, WaitOptions } from '../../../services/scans/service.js';
import type { ScanResponse } from '../../../outputs/scan-response.js';
import { PROGRESS_HEADER } from './scan-progress.js';

/** The body field both scan routes take to answer 202 at once. */
export const AsyncField = Type.Optional(
  Type.Boolean({ description: 'Beyond the specification, opt-in: answer 202 with the scan id at once (as the header Prefer: respond-async does); follow it with GET /v1/scans/{scan_id}' }),
);

/** The responses of a scan route: the completed scan, 202 when queued, and the errors it answers with besides those of every body route. */
export function scanResponses(...errors: number[]) {
  return {
    200: { ...ScanResponseSchema, description: 'The completed scan' },
    202: {
      ...QueuedScanSchema,
      description: 'Queued (async: true or Prefer: respond-async); Location is GET /v1/scans/{scan_id}',
      headers: { location: Type.String({ description: 'GET /v1/scans/{scan_id} of the queued scan' }) },
    },
    ...errorResponses(...BODY_ERRORS, ...errors, ...AUTHENTICATED_ERRORS),
  };
}

/** The calling account as a scan job carries it. */
export function scanAccount(request: FastifyRequest): ScanAccount {
  const { account } = request.caller;
  return { id: account.id, email: account.email, plan: account.plan };
}

/**
 * How a synchronous scan route waits: a client that hangs up cancels its scan;
 * the scan counts in the quota once a worker has started it; X-Vigil-Progress-Id
 * names its progress. `dispose` detaches from the connection.
 */
export function waitOptions(request: FastifyRequest, reply: FastifyReply): WaitOptions & { dispose(): void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
  };
  reply.raw.once('close', onClose);
  const progressId = request.headers[PROGRESS_HEADER];
  return {
    signal: controller.signal,
    onStarted: () => markWorkStarted(request),
    ...(typeof progressId === 'string' ? { progressId } : {}),
    dispose: () => reply.raw.off('close', onClose),
  };
}

/** `Prefer: respond-async` (RFC 7240, any position in the list) or `"async": true`. */
export function wantsAsync(request: FastifyRequest, bodyAsync: boolean | undefined): boolean {
  if (bodyAsync === true) return true;
  const prefer = request.headers.prefer;
  const values = Array.isArray(prefer) ? prefer : prefer === undefined ? [] : [prefer];
  return values.some((value) => value.split(',').some((item) => item.split(';')[0]?.trim().toLowerCase() === 'respond-async'));
}

/** A scan route's work: queued at once (202 with Location) when asked, else waited for. */
export async function runScan(scans: ScanService, input: ScanInput, async: boolean, request: FastifyRequest, reply: FastifyReply): Promise<ScanResponse | QueuedScan> {
  if (async) {
    const queued = await scans.submit(input);
    markWorkStarted(request);
    void reply.code(202).header('location', `/v1/scans/${queued.scan_id}`).header('preference-applied', 'respond-async');
    return queued;
  }
  const wait = waitOptions(request, reply);
  try {
    return await scans.run(input, wait);
  } finally {
    wait.dispose();
  }
}
