/**
 * Streaming AI answers as text/plain. Nothing is sent until the first delta
 * arrives, so a provider that fails before it gets a proper status ({detail});
 * a failure after it ends the body with the `[SERVICE_ERROR]` sentinel line.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AiError, isAiError } from '../services/ai/provider.js';
import { AppError, isAppError } from '../core/errors.js';

export const SERVICE_ERROR_PREFIX = '[SERVICE_ERROR]';

/** Maps a provider failure before the first byte to the HTTP answer. */
export function aiErrorBeforeStream(error: unknown, callerKey: boolean): AppError {
  if (isAppError(error)) return error;
  if (!isAiError(error)) return new AppError('internal', 'AI request failed: an unexpected error occurred; retry', { cause: error });
  const retryAfterSeconds = error.options?.retryAfterSeconds ?? 30;
  switch (error.kind) {
    case 'rejected_key':
      if (callerKey) return new AppError('bad_request', `api_key was rejected by the AI provider: ${error.message}`);
      return new AppError('unavailable', 'AI engine is unavailable: the server’s provider key was rejected; retry later or contact the operator', { retryAfterSeconds });
    case 'bad_request':
      return new AppError('bad_request', `The AI provider refused the request: ${error.message}`);
    case 'rate_limited':
    case 'overloaded':
    case 'unavailable':
    case 'timeout':
      return new AppError('unavailable', `AI engine is at capacity, retry in ${retryAfterSeconds} s (${error.message})`, { retryAfterSeconds });
    default:
      return new AppError('unavailable', `AI engine is at capacity, retry shortly (${error.message})`, { retryAfterSeconds });
  }
}

function sentinel(error: unknown): string {
  const why = isAiError(error) && error.kind === 'timeout' ? 'the answer took too long' : isAiError(error) ? error.message : 'an unexpected error occurred';
  return `\n${SERVICE_ERROR_PREFIX} The AI engine is at capacity or failed mid-answer (${why.replace(/\s+/g, ' ')}); retry the request.\n`;
}

/**
 * Answers with the stream: the client hanging up or the time limit aborts
 * `controller`, which cancels the upstream request.
 */
export async function sendTextStream(
  request: FastifyRequest,
  reply: FastifyReply,
  deltas: (signal: AbortSignal) => AsyncIterable<string>,
  options: { timeoutMs: number; callerKey: boolean },
): Promise<FastifyReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AiError('timeout', `no complete answer within ${Math.round(options.timeoutMs / 1000)} s`)), options.timeoutMs);
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new AiError('cancelled', 'client disconnected'));
  };
  reply.raw.once('close', onClose);
  const cleanup = () => {
    clearTimeout(timer);
    reply.raw.off('close', onClose);
  };
  const iterator = deltas(controller.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    // Empty deltas carry nothing: wait for real text before committing to 200.
    do first = await iterator.next();
    while (!first.done && first.value === '');
  } catch (error) {
    cleanup();
    throw aiErrorBeforeStream(controller.signal.aborted && isAiError(controller.signal.reason) ? controller.signal.reason : error, options.callerKey);
  }
  async function* body(): AsyncGenerator<string> {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } catch (error) {
      if (!controller.signal.aborted || isAiError(controller.signal.reason) && controller.signal.reason.kind === 'timeout') {
        request.log.warn({ err: error }, 'AI stream failed after the first byte');
        yield sentinel(controller.signal.aborted ? controller.signal.reason : error);
      }
    } finally {
      cleanup();
      // Stop the provider's generator without waiting on it: the request is over either way.
      if (!controller.signal.aborted) controller.abort(new AiError('cancelled', 'stream closed'));
      void iterator.return?.()?.catch(() => undefined);
    }
  }
  return reply
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Readable.from(body(), { objectMode: false }));
}
