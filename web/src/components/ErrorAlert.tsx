import { ApiError } from '../lib/api.js';
import { formatWait } from '../lib/format.js';

/** What went wrong, from the service's {detail}; for 429 and 503 also when to retry. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong';
  if ((error.status === 429 || error.status === 503) && error.retryAfterSeconds !== undefined) {
    return `${error.detail} You can retry ${formatWait(error.retryAfterSeconds)}.`;
  }
  return error.detail;
}

/**
 * The alert region of a form or panel. It is always in the page (empty when
 * there is no error), so screen readers announce a message when it appears.
 */
export function ErrorAlert({ error, id }: { error: unknown; id?: string }) {
  const message = error === undefined || error === null ? '' : describeError(error);
  return (
    <div role="alert" id={id} class={message === '' ? 'alert alert--empty' : 'alert'}>
      {message}
    </div>
  );
}
