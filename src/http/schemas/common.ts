import { Type, type TSchema } from '@sinclair/typebox';
import { RATE_LIMIT_HEADERS, RETRY_AFTER_HEADER } from './headers.js';

export const ErrorBody = Type.Object(
  { detail: Type.String({ description: 'Human-readable description of the problem' }) },
  { title: 'Error', description: 'Body of every non-2xx response' },
);

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = Object.freeze({
  400: 'Invalid input or missing required fields',
  401: 'X-API-Key (or the dashboard session) missing or invalid',
  403: 'The plan does not include this feature, the token lacks permission, or a session request failed the CSRF check',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Request body too large',
  415: 'Content-Type is not application/json',
  429: 'Hourly quota exceeded; see Retry-After',
  500: 'Unexpected error',
  503: 'Temporarily unavailable; retry later',
});

/** Response schemas for the given error statuses, each with the {detail} body. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) {
    const headers = status === 429 ? { ...RATE_LIMIT_HEADERS, ...RETRY_AFTER_HEADER } : status === 503 ? RETRY_AFTER_HEADER : undefined;
    out[status] = Type.Object(ErrorBody.properties, {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error',
      ...(headers ? { headers } : {}),
    });
  }
  return out;
}

/** The error statuses every authenticated /v1 route can answer with. */
export const AUTHENTICATED_ERRORS = [401, 429, 500, 503] as const;
/** Extra statuses for routes that take a JSON body. */
export const BODY_ERRORS = [400, 413, 415] as const;
