/**
 * What a response body holds, for the unauthenticated-data check: whether it is JSON with data
 * (not an empty list, a status line, an error or a login page), its shape, and the names of
 * personal or secret fields it has. Values are never returned: findings name fields only.
 * Pure and bounded: the body is the retriever's capped sample, and the walk stops early.
 */
import { mediaType } from './headers.js';
import type { ObservedResponse } from './types.js';

export interface BodyVerdict {
  /** json: parsed (or JSON-typed and cut at the cap); html: a page (a login form, an app shell); other: not judged. */
  readonly kind: 'json' | 'html' | 'other' | 'empty';
  /** JSON with at least one non-empty value outside paging and status fields, and not an error. */
  readonly hasData: boolean;
  /** `a JSON array of 3 items`, `a JSON object with fields id, name, email` … */
  readonly shape: string;
  /** Personal or secret field names present with a non-empty value (as written), at most 8. */
  readonly sensitiveFields: readonly string[];
}

const MAX_NODES = 5_000;
const MAX_DEPTH = 20;
const MAX_FIELDS = 8;

const normal = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Paging, envelope and status fields: a body with nothing else carries no data. */
const META = new Set(
  [
    'total', 'totalcount', 'totalitems', 'totalpages', 'count', 'page', 'pages', 'pagecount', 'pagenumber', 'perpage', 'pagesize',
    'limit', 'offset', 'next', 'nextpage', 'prev', 'previous', 'cursor', 'nextcursor', 'hasmore', 'hasnext', 'links', 'self', 'href',
    'url', 'status', 'success', 'ok', 'message', 'msg', 'version', 'apiversion', 'timestamp', 'time', 'took', 'object', 'kind',
    'type', 'meta', 'pagination', 'requestid', 'traceid', 'correlationid',
  ].map(normal),
);

/** Fields whose presence makes a record personal or secret. */
const SENSITIVE = new Set(
  [
    'email', 'emailaddress', 'password', 'passwd', 'passwordhash', 'hashedpassword', 'secret', 'clientsecret', 'apikey', 'apisecret',
    'token', 'accesstoken', 'refreshtoken', 'authtoken', 'sessiontoken', 'privatekey', 'secretkey', 'ssn', 'socialsecuritynumber',
    'phone', 'phonenumber', 'mobile', 'mobilenumber', 'address', 'streetaddress', 'homeaddress', 'iban', 'accountnumber', 'cardnumber',
    'ccnumber', 'creditcard', 'cvv', 'cvc', 'dob', 'dateofbirth', 'birthdate', 'birthday', 'salary', 'balance', 'taxid', 'nationalid',
    'passport', 'passportnumber', 'firstname', 'lastname',
  ].map(normal),
);

const ERROR_KEYS = new Set(['error', 'errors', 'fault', 'errormessage', 'errorcode'].map(normal));

/** Text of a 2xx body that is really a refusal. */
const REFUSAL =
  /\b(?:unauthori[sz]ed|unauthenticated|not authenticated|not logged in|authentication (?:is )?required|login required|forbidden|access denied|permission denied|(?:invalid|missing|expired) (?:api[ _-]?)?(?:key|token|credentials)|credentials were not provided|please (?:log|sign) in)\b/i;

interface Walk {
  nodes: number;
  readonly sensitive: string[];
}

function scalarHasValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  return typeof value === 'number' || typeof value === 'boolean';
}

/** True when the value holds data; records sensitive field names on the way. */
function holdsData(value: unknown, walk: Walk, depth: number): boolean {
  if (++walk.nodes > MAX_NODES || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    let any = value.length > 0;
    for (const item of value) {
      if (walk.nodes > MAX_NODES) break;
      if (holdsData(item, walk, depth + 1)) any = true;
    }
    return any;
  }
  if (typeof value !== 'object' || value === null) return scalarHasValue(value);
  let any = false;
  for (const [key, child] of Object.entries(value)) {
    if (walk.nodes > MAX_NODES) break;
    const name = normal(key);
    if (SENSITIVE.has(name) && scalarHasValue(child) && walk.sensitive.length < MAX_FIELDS && !walk.sensitive.includes(key)) walk.sensitive.push(key.slice(0, 40));
    const data = holdsData(child, walk, depth + 1);
    if (data && !META.has(name)) any = true;
  }
  return any;
}

/** An error envelope or a refusal answered with 2xx. */
function isRefusal(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries: [string, unknown][] = Object.entries(value);
  for (const [key, child] of entries) {
    const name = normal(key);
    if (ERROR_KEYS.has(name) && child !== null && child !== false && child !== '' && !(Array.isArray(child) && child.length === 0)) return true;
    if ((name === 'success' || name === 'ok') && child === false) return true;
    if (typeof child === 'string' && REFUSAL.test(child.slice(0, 300))) return true;
    if (typeof child === 'object' && child !== null && !Array.isArray(child)) {
      for (const inner of Object.values(child as Record<string, unknown>)) if (typeof inner === 'string' && REFUSAL.test(inner.slice(0, 300))) return true;
    }
  }
  return false;
}

/** A field name fit to quote: short and word-like (a map keyed by ids or tokens shows none of them). */
const QUOTABLE = /^[A-Za-z_$][A-Za-z0-9_$-]{0,31}$/;
const quotable = (key: string) => QUOTABLE.test(key) && (key.match(/\d/g)?.length ?? 0) <= 2;

function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return `a JSON array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  const keys = Object.keys(value as object);
  const shown = keys.filter(quotable).slice(0, 8);
  const rest = keys.length - shown.length;
  if (shown.length === 0) return `a JSON object with ${keys.length} field${keys.length === 1 ? '' : 's'}`;
  return `a JSON object with field${keys.length === 1 ? '' : 's'} ${shown.join(', ')}${rest > 0 ? ` (+${rest} more)` : ''}`;
}

const looksJson = (text: string) => /^\s*[[{]/.test(text);

export function judgeBody(response: ObservedResponse): BodyVerdict {
  const text = response.body?.text ?? '';
  const type = mediaType(response.headers);
  const none: BodyVerdict = { kind: 'empty', hasData: false, shape: 'an empty body', sensitiveFields: [] };
  if (text.trim() === '') return none;
  if (type === 'text/html' || type === 'application/xhtml+xml' || (type === '' && /^\s*</.test(text))) {
    return { kind: 'html', hasData: false, shape: 'an HTML page', sensitiveFields: [] };
  }
  // RFC 9457 problem details are errors by definition.
  if (type === 'application/problem+json') return { kind: 'json', hasData: false, shape: 'a problem-details error', sensitiveFields: [] };
  const jsonTyped = type === 'application/json' || type.endsWith('+json');
  if (!jsonTyped && !((type === '' || type === 'text/plain') && looksJson(text))) return { kind: 'other', hasData: false, shape: `a ${type || 'untyped'} body`, sensitiveFields: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (response.body?.truncated !== true || !looksJson(text)) return { kind: 'other', hasData: false, shape: 'a body that is not valid JSON', sensitiveFields: [] };
    // Longer than the sample: a large JSON document, judged by the field names in its first part.
    if (REFUSAL.test(text.slice(0, 300))) return { kind: 'json', hasData: false, shape: 'a refusal', sensitiveFields: [] };
    const sensitive: string[] = [];
    for (const m of text.matchAll(/"([A-Za-z0-9_$-]{1,40})"\s*:\s*(?:"[^"\s]|[\d[{tf-])/g)) {
      const key = m[1] ?? '';
      if (SENSITIVE.has(normal(key)) && !sensitive.includes(key) && sensitive.length < MAX_FIELDS) sensitive.push(key);
    }
    return { kind: 'json', hasData: true, shape: `a JSON document longer than ${text.length} bytes`, sensitiveFields: sensitive };
  }
  if (typeof parsed !== 'object' || parsed === null) return { kind: 'json', hasData: false, shape: 'a bare JSON value', sensitiveFields: [] };
  if (isRefusal(parsed)) return { kind: 'json', hasData: false, shape: 'a refusal', sensitiveFields: [] };
  const walk: Walk = { nodes: 0, sensitive: [] };
  const hasData = holdsData(parsed, walk, 0);
  return { kind: 'json', hasData, shape: shapeOf(parsed), sensitiveFields: walk.sensitive };
}
