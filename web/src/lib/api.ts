import { parseRetryAfter } from './format.js';
import { readTextStream, type StreamOutcome } from './stream.js';

/** A non-2xx answer, with the service's {detail} message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** Seconds until a 429 or 503 may be retried, from Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  readonly fetch: typeof fetch;
  /** The session's CSRF token, sent on every state-changing request. */
  readonly csrfToken: () => string | undefined;
  /** Called on any 401: the session is gone. */
  readonly onUnauthorized: () => void;
}

export interface RequestOptions {
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function errorFrom(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  let detail = `The service answered ${response.status} ${response.statusText}`.trim();
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string' && body.detail !== '') detail = body.detail;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(response.status, detail, retryAfter);
}

function networkError(error: unknown): ApiError {
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError(0, 'Cancelled');
  return new ApiError(0, 'Could not reach the Vigil service; check your connection and retry');
}

/**
 * The dashboard's only way to the service: same-origin fetch with the session
 * cookie, X-CSRF-Token on state-changing methods, {detail} errors as ApiError.
 */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (!SAFE_METHODS.has(method)) {
      const token = this.options.csrfToken();
      if (token !== undefined) headers['x-csrf-token'] = token;
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.options.fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw networkError(error);
    }
    if (response.ok) return response;
    if (response.status === 401) this.options.onUnauthorized();
    throw await errorFrom(response);
  }

  async json<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.request(method, path, options);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.json<T>('GET', path, signal ? { signal } : {});
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return this.json<T>('POST', path, { ...options, ...(body !== undefined ? { body } : {}) });
  }

  /** POSTs and reads a streamed text answer, calling onText with the text so far. */
  async stream(path: string, body: unknown, onText: (text: string) => void, signal?: AbortSignal): Promise<StreamOutcome> {
    const response = await this.request('POST', path, { body, headers: { accept: 'text/plain' }, ...(signal ? { signal } : {}) });
    if (response.body === null) return { text: '' };
    try {
      return await readTextStream(response.body, onText);
    } catch (error) {
      throw networkError(error);
    }
  }

  /** GETs a file as a Blob (SARIF export). */
  async blob(path: string): Promise<Blob> {
    const response = await this.request('GET', path, { headers: { accept: '*/*' } });
    return response.blob();
  }
}
