import { describeError } from '../lib/errors.js';

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
