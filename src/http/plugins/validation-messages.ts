/**
 * Schema validation errors (AJV's, as Fastify reports them) as one sentence a user
 * understands: which field, and what it must be. Regular expressions are never shown:
 * a `pattern` is explained by the `x-expected` text beside it in the schema. Values the
 * client sent are never echoed either (they may be tokens).
 */

/** An AJV error object as Fastify hands it over (with AJV's `verbose` option: schema, parentSchema, data). */
export interface ErrorObject {
  readonly keyword: string;
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
  readonly schema?: unknown;
  readonly parentSchema?: unknown;
  readonly data?: unknown;
}

/** Where the invalid value was, as Fastify names it: body, querystring, params or headers. */
export type ValidationContext = string;

type Schema = Readonly<Record<string, unknown>>;

/** The schema keyword that explains a `pattern` in words ("owner/repo or …"). */
export const EXPECTED_KEYWORD = 'x-expected';

const TYPE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
});

const FORMAT_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'date-time': 'a date and time in ISO 8601 form, such as 2026-01-31T12:00:00Z',
  date: 'a date such as 2026-01-31',
  time: 'a time such as 12:00:00Z',
  email: 'an email address',
  uri: 'an absolute URL such as https://example.com/path',
  'uri-reference': 'a URL or a relative reference',
  url: 'an absolute URL such as https://example.com/path',
  uuid: 'a UUID such as 123e4567-e89b-12d3-a456-426614174000',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
});

const WHERE: Readonly<Record<string, { readonly prefix: string; readonly noun: string }>> = Object.freeze({
  body: { prefix: 'Invalid request body', noun: 'field' },
  querystring: { prefix: 'Invalid query string', noun: 'parameter' },
  params: { prefix: 'Invalid path', noun: 'parameter' },
  headers: { prefix: 'Invalid request headers', noun: 'header' },
});

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "finding.location.url", "scan.findings[0].severity" from a JSON pointer. */
export function fieldName(instancePath: string, child?: string): string {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) segments.push(child);
  let out = '';
  for (const segment of segments) out += /^\d+$/.test(segment) ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  return out;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeAccepts(schema: unknown, value: unknown): boolean {
  if (!isSchema(schema)) return schema !== false;
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : schema.type === undefined ? undefined : [schema.type];
  if (types === undefined) return true;
  const actual = jsonType(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

const typeName = (type: unknown): string =>
  Array.isArray(type) ? orList(type.map((t) => TYPE_NAMES[String(t)] ?? String(t))) : (TYPE_NAMES[String(type)] ?? `of type ${String(type)}`);

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** What one schema accepts, in words, as far as it can be said briefly. */
function describeSchema(schema: unknown): string {
  if (!isSchema(schema)) return schema === false ? 'nothing' : 'any value';
  if (typeof schema[EXPECTED_KEYWORD] === 'string') return schema[EXPECTED_KEYWORD];
  if ('const' in schema) return shown(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(shown).join(', ')}`;
  if (typeof schema.format === 'string' && FORMAT_NAMES[schema.format]) return FORMAT_NAMES[schema.format] ?? '';
  if (Array.isArray(schema.anyOf)) return describeAlternatives(schema.anyOf);
  if (Array.isArray(schema.oneOf)) return describeAlternatives(schema.oneOf);
  return schema.type === undefined ? 'a valid value' : typeName(schema.type);
}

/** "one of CRITICAL, HIGH, …" for unions of literals; "a string or null" for other unions. */
function describeAlternatives(branches: readonly unknown[]): string {
  const constants = branches.filter((b) => isSchema(b) && 'const' in b).map((b) => shown((b as Schema).const));
  const others = branches.filter((b) => !(isSchema(b) && 'const' in b)).map(describeSchema);
  if (constants.length > 1 && others.length === 0) return `one of ${constants.join(', ')}`;
  if (constants.length > 1) return `one of ${constants.join(', ')}, or ${orList(others)}`;
  return orList([...constants, ...others]);
}

function plural(n: unknown, one: string, many: string): string {
  return `${String(n)} ${n === 1 ? one : many}`;
}

function boundsOf(parent: Schema | undefined): string | undefined {
  if (parent === undefined || typeof parent.minimum !== 'number' || typeof parent.maximum !== 'number') return undefined;
  return `must be ${parent.type === 'integer' ? 'an integer' : 'a number'} from ${parent.minimum} to ${parent.maximum}`;
}

type Explained = { child?: string; text: string };

/** Keywords about which fields an object has: the message names the field concerned. */
function explainFields(error: ErrorObject): Explained | undefined {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return { child: String(params.missingProperty), text: 'is required' };
    case 'dependentRequired':
    case 'dependencies':
      return { child: String(params.missingProperty), text: `is required when "${String(params.property)}" is given` };
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return { child: String(params.additionalProperty ?? params.unevaluatedProperty), text: 'is not allowed here' };
    case 'propertyNames':
      return { ...(typeof params.propertyName === 'string' ? { child: params.propertyName } : {}), text: 'is not an allowed field name' };
    case 'minProperties':
      return { text: `must have at least ${plural(params.limit, 'field', 'fields')}` };
    case 'maxProperties':
      return { text: `must have at most ${plural(params.limit, 'field', 'fields')}` };
    case 'false schema':
      return { text: 'is not allowed here' };
    default:
      return undefined;
  }
}

/** Keywords about what a value is: its type, its allowed values or its form. */
function explainKind(error: ErrorObject): Explained | undefined {
  const params = error.params;
  const parent = isSchema(error.parentSchema) ? error.parentSchema : undefined;
  switch (error.keyword) {
    case 'type':
      return { text: `must be ${typeName(params.type)}` };
    case 'pattern':
      return { text: typeof parent?.[EXPECTED_KEYWORD] === 'string' ? `must be ${parent[EXPECTED_KEYWORD]}` : 'is not in the expected form' };
    case 'format':
      return { text: `must be ${FORMAT_NAMES[String(params.format)] ?? `a valid ${String(params.format)}`}` };
    case 'const':
      return { text: `must be ${shown(params.allowedValue)}` };
    case 'enum':
      return { text: `must be one of ${(Array.isArray(params.allowedValues) ? params.allowedValues : []).map(shown).join(', ')}` };
    case 'anyOf':
    case 'oneOf':
      if (error.keyword === 'oneOf' && Array.isArray(params.passingSchemas)) return { text: `matches more than one of ${describeAlternatives(error.schema as unknown[])}` };
      return { text: `must be ${typeof parent?.[EXPECTED_KEYWORD] === 'string' ? parent[EXPECTED_KEYWORD] : describeAlternatives(Array.isArray(error.schema) ? error.schema : [])}` };
    case 'not':
      return { text: `must not be ${describeSchema(error.schema)}` };
    default:
      return undefined;
  }
}

/** Keywords about sizes and bounds: lengths, numbers, item counts. */
function explainSize(error: ErrorObject): Explained | undefined {
  const params = error.params;
  const parent = isSchema(error.parentSchema) ? error.parentSchema : undefined;
  switch (error.keyword) {
    case 'minLength':
      return { text: params.limit === 1 ? 'must not be empty' : `must be at least ${plural(params.limit, 'character', 'characters')} long` };
    case 'maxLength':
      return { text: `must be at most ${plural(params.limit, 'character', 'characters')} long` };
    case 'minimum':
    case 'maximum':
      return { text: boundsOf(parent) ?? `must be ${String(params.limit)} or ${error.keyword === 'minimum' ? 'more' : 'less'}` };
    case 'exclusiveMinimum':
      return { text: `must be greater than ${String(params.limit)}` };
    case 'exclusiveMaximum':
      return { text: `must be less than ${String(params.limit)}` };
    case 'multipleOf':
      return { text: `must be a multiple of ${String(params.multipleOf)}` };
    case 'minItems':
      return { text: params.limit === 1 ? 'must not be empty' : `must have at least ${plural(params.limit, 'item', 'items')}` };
    case 'maxItems':
      return { text: `must have at most ${plural(params.limit, 'item', 'items')}` };
    case 'uniqueItems':
      return { text: `must not repeat an item (items ${Math.min(Number(params.i), Number(params.j))} and ${Math.max(Number(params.i), Number(params.j))} are the same)` };
    case 'contains':
      return { text: `must contain at least ${plural(params.minContains ?? 1, 'matching item', 'matching items')}` };
    default:
      return undefined;
  }
}

/** The sentence after the field name: "must be …", "is required" …; `child` names a field below it (a missing one). */
function explain(error: ErrorObject): Explained {
  return explainFields(error) ?? explainKind(error) ?? explainSize(error) ?? { text: 'is not valid' };
}

/**
 * The error that says what went wrong. AJV (without allErrors) stops at the first failing
 * keyword, so the last error is the outermost failure; before it come the failures of the
 * branches of an anyOf/oneOf. When the value's type selects exactly one branch (a nullable
 * integer given -1), that branch's own failure says more than "must be an integer or null".
 */
function chooseError(errors: readonly ErrorObject[]): ErrorObject | undefined {
  const last = errors[errors.length - 1];
  if (last === undefined) return undefined;
  if (last.keyword === 'if' && errors.length > 1) return chooseError(errors.slice(0, -1));
  if ((last.keyword !== 'anyOf' && last.keyword !== 'oneOf') || !Array.isArray(last.schema)) return last;
  if (isSchema(last.parentSchema) && typeof last.parentSchema[EXPECTED_KEYWORD] === 'string') return last;
  const branches = (last.schema as unknown[]).map((schema, index) => ({ schema, index })).filter((b) => typeAccepts(b.schema, last.data));
  const only = branches.length === 1 ? branches[0] : undefined;
  if (only === undefined || (isSchema(only.schema) && 'const' in only.schema)) return last;
  const prefix = `${last.schemaPath}/${only.index}/`;
  return chooseError(errors.filter((e) => e.schemaPath.startsWith(prefix))) ?? last;
}

/** `Invalid request body: field "finding.severity" must be one of CRITICAL, HIGH, MEDIUM, LOW, INFO`. */
export function validationMessage(errors: readonly ErrorObject[] | undefined, context: ValidationContext): string {
  const where = WHERE[context] ?? { prefix: `Invalid request ${context}`, noun: 'field' };
  const error = chooseError(errors ?? []);
  if (error === undefined) return where.prefix;
  const { child, text } = explain(error);
  const field = fieldName(error.instancePath, child);
  if (field === '') {
    if (error.keyword === 'type' && context === 'body') return `${where.prefix}: expected a JSON object`;
    return `${where.prefix}: ${context === 'body' ? 'the body' : `the ${where.noun}s`} ${text}`;
  }
  return `${where.prefix}: ${where.noun} "${field}" ${text}`;
}
