import { ApiError } from './api.js';
import { formatWait } from './format.js';

/** What went wrong, from the service's {detail}; for 429 and 503 also when to retry. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong';
  if ((error.status === 429 || error.status === 503) && error.retryAfterSeconds !== undefined) {
    const stop = /[.!?]$/.test(error.detail) ? '' : '.';
    return `${error.detail}${stop} You can retry ${formatWait(error.retryAfterSeconds)}.`;
  }
  return error.detail;
}
