import type { FastifyReply, FastifyRequest } from 'fastify';
import { markWorkStarted } from '../../plugins/access.js';
import { unauthorized } from '../../../core/errors.js';
import type { ScanAccount } from '../../../scans/jobs.js';
import type { WaitOptions } from '../../../scans/service.js';
import { PROGRESS_HEADER } from './scan-progress.js';

/** The calling account as a scan job carries it. */
export function scanAccount(request: FastifyRequest): ScanAccount {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  return { id: auth.account.id, email: auth.account.email, plan: auth.account.plan };
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
