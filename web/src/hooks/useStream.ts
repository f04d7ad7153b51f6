import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from '../lib/api.js';

export type StreamState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'streaming'; readonly text: string }
  | { readonly phase: 'done'; readonly text: string }
  | { readonly phase: 'failed'; readonly text: string; readonly error: unknown };

/**
 * One streamed AI answer (explain, fix, triage): text grows as it arrives;
 * a [SERVICE_ERROR] ends it as an error. Unmounting or starting again
 * cancels the request in flight.
 */
export function useStream(api: ApiClient, path: string) {
  const [state, setState] = useState<StreamState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (body: unknown) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ phase: 'streaming', text: '' });
      try {
        const outcome = await api.stream(path, body, (text) => {
          if (!own.signal.aborted) setState({ phase: 'streaming', text });
        }, own.signal);
        if (own.signal.aborted) return;
        if (outcome.error !== undefined) setState({ phase: 'failed', text: outcome.text, error: new Error(outcome.error) });
        else setState({ phase: 'done', text: outcome.text });
      } catch (error) {
        if (!own.signal.aborted) setState({ phase: 'failed', text: '', error });
      }
    },
    [api, path],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    setState((s) => (s.phase === 'streaming' ? { phase: 'done', text: s.text } : s));
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  return { state, start, stop, reset };
}
