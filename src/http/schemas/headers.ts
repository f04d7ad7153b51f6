import { Type } from '@sinclair/typebox';

/** Response headers of counted requests, for the OpenAPI document. */
export const RATE_LIMIT_HEADERS = {
  'ratelimit-policy': Type.String({ description: 'IETF RateLimit-Policy, e.g. "scans";q=10;w=3600 (absent for unlimited buckets)' }),
  ratelimit: Type.String({ description: 'IETF RateLimit, e.g. "scans";r=7;t=1288' }),
  'x-ratelimit-limit': Type.String({ description: 'Requests allowed this hour' }),
  'x-ratelimit-remaining': Type.String({ description: 'Requests left this hour' }),
  'x-ratelimit-reset': Type.String({ description: 'Unix time when the hour ends' }),
};

export const RETRY_AFTER_HEADER = {
  'retry-after': Type.String({ description: 'Seconds to wait before retrying' }),
};
