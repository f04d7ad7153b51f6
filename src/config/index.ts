import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { providerForKey } from '../core/ai-key-prefix.js';
import { DEFAULT_FINDING_LIMITS, type FindingLimits } from '../engine/pipeline/limit.js';
import { DEFAULT_ARCHIVE_MEMORY_BYTES, DEFAULT_HISTORY_LIMITS, DEFAULT_SOURCE_LIMITS, type HistoryLimits, type SourceLimits } from '../adapters/sources/limits.js';

/**
 * Every setting Vigil reads, loaded once from the environment and frozen.
 * docs/configuration.md documents each variable; keep the two in step.
 */
export const AI_PROVIDERS = ['builtin', 'anthropic', 'openai', 'google', 'openai-compatible'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

export const PRIVATE_SCAN_POLICIES = ['owner-only', 'allowed', 'never'] as const;
export type PrivateScanPolicy = (typeof PRIVATE_SCAN_POLICIES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** PostgreSQL connections per process (`VIGIL_DB_POOL_SIZE`). */
  readonly dbPoolSize: number;
  /** PostgreSQL connections opened at start and kept open while idle (`VIGIL_DB_POOL_MIN`, at most the pool size). */
  readonly dbPoolMin: number;
  readonly redisUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly githubApiUrl: string;
  readonly githubToken: string | undefined;
  /** Who may scan a private repository through GITHUB_TOKEN when the request brings no token. */
  readonly githubTokenPrivateScans: PrivateScanPolicy;
  /** Retries of GitHub 5xx answers and network failures (never of 4xx or rate limits). */
  readonly githubRetries: number;
  readonly osvApiUrl: string;
  /** Where known-vulnerability checks look: the OSV API, or the database `vigil osv import` filled. */
  readonly osvMode: 'online' | 'offline';
  /** Per-request timeout for the OSV API. */
  readonly osvTimeoutMs: number;
  readonly aiProvider: AiProviderName;
  readonly aiApiKey: string | undefined;
  readonly aiBaseUrl: string | undefined;
  /** Overall time limit of one AI request (explain, fix, triage), first token to last. */
  readonly aiTimeoutMs: number;
  /** Pause between the sections of an offline-engine answer over HTTP, so it visibly streams. */
  readonly aiBuiltinPaceMs: number;
  readonly aiModel: string | undefined;
  readonly scanApiAllowCidrs: readonly string[];
  readonly logLevel: LogLevel;
  readonly keyPepper: string | undefined;
  readonly ownerEmail: string;
  readonly bodyLimitBytes: number;
  /** Time to receive a whole request (headers and body) and its headers alone. */
  readonly requestTimeoutMs: number;
  readonly headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections one client address may hold (0 = no limit), and all of them together. */
  readonly maxConnectionsPerAddress: number;
  readonly maxConnections: number;
  readonly shutdownTimeoutMs: number;
  readonly trustProxy: boolean;
  readonly scanWorkers: number;
  /** Nice value of the scanner and extraction threads (0 to 19): the request thread comes first. */
  readonly scanThreadNice: number;
  readonly scanTimeoutMs: number;
  readonly maxConcurrentScans: number;
  /** Repository scans one account may run at once. */
  readonly scansPerAccount: number;
  readonly maxConcurrentApiScans: number;
  readonly apiScansPerAccount: number;
  /** Scans of one kind that may wait for a slot (past it, 503), and that one account may have waiting (past it, 429). */
  readonly maxQueuedScans: number;
  readonly maxQueuedScansPerAccount: number;
  /** How long POST /v1/scan/* waits for the result before the scan is cancelled with 503. */
  readonly scanWaitMs: number;
  /** Where scans wait and run: in the service process, or on Redis for `vigil worker` processes. */
  readonly scanQueue: 'local' | 'redis';
  /** BullMQ's key prefix in Redis. */
  readonly queuePrefix: string;
  /** How long a worker's job lock lasts unrenewed: a killed worker's scan is taken over after about this long. */
  readonly workerLockMs: number;
  /** Internal ranges webhook deliveries may reach; the first retry's delay (doubling); attempts before a delivery fails. */
  readonly webhookAllowCidrs: readonly string[];
  readonly webhookRetryMs: number;
  readonly webhookMaxAttempts: number;
  /** Whole-scan and per-request time limits of an API scan. */
  readonly apiScanTimeoutMs: number;
  readonly apiProbeTimeoutMs: number;
  /** Caps on the findings one scan reports (docs/scanning.md#limits). */
  readonly findingLimits: FindingLimits;
  /** Bounds on what a repository download may unpack (docs/sources.md). */
  readonly sourceLimits: SourceLimits;
  /** Bytes of repository archive content kept in memory across the scans running at once (VIGIL_ARCHIVE_MEMORY_MB; docs/sources.md). */
  readonly archiveMemoryBytes: number;
  /** Bounds on history scans' clones (docs/history.md). */
  readonly historyLimits: HistoryLimits;
  /** Where history scans clone from (default: derived from GITHUB_API_URL). */
  readonly githubGitUrl: string | undefined;
  /** The dashboard's external origin (mailed sign-in links, the OAuth redirect_uri, the CSRF Origin check). */
  readonly publicUrl: string;
  /** GitHub OAuth app for dashboard sign-in; undefined when not configured. */
  readonly githubOAuth: GitHubOAuthConfig | undefined;
  /** Where GitHub's OAuth endpoints live (/login/oauth/…): github.com, a GHES host, or a test fake. */
  readonly githubOAuthUrl: string;
}

export interface GitHubOAuthConfig {
  readonly clientId: string;
  readonly clientSecret: string;
}

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  /** A trimmed value, or undefined when unset or blank. */
  raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
      this.problems.push(`${name}: must be an integer from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return n;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    this.problems.push(`${name}: must be true or false (got "${value}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const found = allowed.find((a) => a === value.toLowerCase());
    if (found === undefined) this.problems.push(`${name}: must be one of ${allowed.join(', ')} (got "${value}")`);
    return found;
  }

  /** A URL with one of the given schemes. Values are never echoed: they may hold passwords. */
  url(name: string, schemes: readonly string[], fallback?: string): string | undefined {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      this.problems.push(`${name}: is not a valid URL`);
      return undefined;
    }
    if (!schemes.includes(parsed.protocol.replace(/:$/, ''))) {
      this.problems.push(`${name}: must use one of the schemes ${schemes.map((s) => `${s}://`).join(', ')}`);
      return undefined;
    }
    return value.replace(/\/+$/, '') || value;
  }

  /** An http(s) origin: scheme, host and optional port, nothing after. */
  origin(name: string, fallback: string): string {
    const value = this.url(name, ['http', 'https']);
    if (value === undefined) return fallback;
    const parsed = new URL(value);
    if (parsed.origin === 'null' || `${parsed.origin}/` !== parsed.href || parsed.username !== '' || parsed.password !== '') {
      this.problems.push(`${name}: must be an origin such as https://vigil.example.com (no path, query or credentials)`);
      return fallback;
    }
    return parsed.origin;
  }

  cidrs(name: string): string[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    const out: string[] = [];
    for (const item of value.split(',').map((s) => s.trim()).filter(Boolean)) {
      if (isCidr(item)) out.push(item);
      else this.problems.push(`${name}: "${item}" is not a CIDR range such as 10.0.0.0/8 or fd00::/8`);
    }
    return out;
  }
}

export function isCidr(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  if (address === undefined || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  const family = isIP(address);
  const bits = Number(prefix);
  return (family === 4 && bits <= 32) || (family === 6 && bits <= 128);
}


/** Both the client id and the secret, or neither. */
function githubOAuth(r: Reader): GitHubOAuthConfig | undefined {
  const clientId = r.raw('GITHUB_OAUTH_CLIENT_ID');
  const clientSecret = r.raw('GITHUB_OAUTH_CLIENT_SECRET');
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined) {
    r.problems.push('GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET: set both to enable GitHub sign-in, or neither');
    return undefined;
  }
  return Object.freeze({ clientId, clientSecret });
}

/**
 * Redis with PostgreSQL: scans run in `vigil worker` processes. Redis alone
 * (quota counters for a single process on the embedded database) keeps the
 * embedded queue, since no other process can open that database.
 */
function scanQueue(r: Reader): 'local' | 'redis' {
  const chosen = r.oneOf('VIGIL_SCAN_QUEUE', ['local', 'redis'] as const);
  const redis = r.raw('REDIS_URL') !== undefined;
  const postgres = r.raw('DATABASE_URL') !== undefined;
  if (chosen === 'redis' && (!redis || !postgres)) {
    r.problems.push('VIGIL_SCAN_QUEUE: redis needs REDIS_URL and DATABASE_URL (workers store results in PostgreSQL)');
    return 'local';
  }
  return chosen ?? (redis && postgres ? 'redis' : 'local');
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const r = new Reader(env);
  const aiApiKey = r.raw('AI_API_KEY');
  const explicitProvider = r.oneOf('AI_PROVIDER', AI_PROVIDERS);
  const aiProvider = explicitProvider ?? (aiApiKey === undefined ? undefined : providerForKey(aiApiKey)) ?? 'builtin';
  const aiBaseUrl = r.url('AI_BASE_URL', ['http', 'https']);
  if (aiProvider === 'openai-compatible' && aiBaseUrl === undefined) {
    r.problems.push('AI_BASE_URL: is required when AI_PROVIDER is openai-compatible');
  }
  if (explicitProvider !== undefined && !['builtin', 'openai-compatible'].includes(explicitProvider) && aiApiKey === undefined) {
    r.problems.push(`AI_API_KEY: is required when AI_PROVIDER is ${explicitProvider}`);
  }
  const keyPepper = r.raw('VIGIL_KEY_PEPPER');
  if (keyPepper !== undefined && keyPepper.length < 32) {
    r.problems.push('VIGIL_KEY_PEPPER: must be at least 32 characters');
  }

  const port = r.integer('PORT', 8080, 0, 65535);
  const trustProxy = r.boolean('VIGIL_TRUST_PROXY', false);
  const requestTimeoutMs = r.integer('VIGIL_REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000);
  const maxConcurrentScans = r.integer('VIGIL_MAX_CONCURRENT_SCANS', 2, 1, 1_000);
  const config: Config = {
    port,
    host: r.string('HOST', '0.0.0.0'),
    dataDir: resolve(cwd, r.string('VIGIL_DATA_DIR', './data')),
    databaseUrl: r.url('DATABASE_URL', ['postgres', 'postgresql']),
    dbPoolSize: r.integer('VIGIL_DB_POOL_SIZE', 10, 1, 1_000),
    dbPoolMin: r.integer('VIGIL_DB_POOL_MIN', 4, 0, 1_000),
    redisUrl: r.url('REDIS_URL', ['redis', 'rediss']),
    smtpUrl: r.url('SMTP_URL', ['smtp', 'smtps']),
    mailFrom: r.string('MAIL_FROM', 'Vigil <vigil@localhost>'),
    githubApiUrl: r.url('GITHUB_API_URL', ['http', 'https'], 'https://api.github.com') ?? 'https://api.github.com',
    githubToken: r.raw('GITHUB_TOKEN'),
    githubTokenPrivateScans: r.oneOf('GITHUB_TOKEN_PRIVATE_SCANS', PRIVATE_SCAN_POLICIES) ?? 'owner-only',
    githubRetries: r.integer('VIGIL_GITHUB_RETRIES', 2, 0, 5),
    osvApiUrl: r.url('OSV_API_URL', ['http', 'https'], 'https://api.osv.dev') ?? 'https://api.osv.dev',
    osvMode: r.oneOf('OSV_MODE', ['online', 'offline'] as const) ?? 'online',
    osvTimeoutMs: r.integer('VIGIL_OSV_TIMEOUT_MS', 15_000, 500, 300_000),
    aiProvider,
    aiApiKey,
    aiBaseUrl,
    aiTimeoutMs: r.integer('VIGIL_AI_TIMEOUT_MS', 120_000, 1_000, 600_000),
    aiBuiltinPaceMs: r.integer('VIGIL_AI_BUILTIN_PACE_MS', 60, 0, 1_000),
    aiModel: r.raw('AI_MODEL'),
    scanApiAllowCidrs: Object.freeze(r.cidrs('SCAN_API_ALLOW_CIDRS')),
    logLevel: r.oneOf('LOG_LEVEL', LOG_LEVELS) ?? 'info',
    keyPepper,
    ownerEmail: r.string('VIGIL_OWNER_EMAIL', 'owner@localhost'),
    bodyLimitBytes: r.integer('VIGIL_BODY_LIMIT_BYTES', 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    shutdownTimeoutMs: r.integer('VIGIL_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    trustProxy,
    requestTimeoutMs,
    headersTimeoutMs: Math.min(r.integer('VIGIL_HEADERS_TIMEOUT_MS', 10_000, 500, 600_000), requestTimeoutMs),
    keepAliveTimeoutMs: r.integer('VIGIL_KEEP_ALIVE_TIMEOUT_MS', 72_000, 0, 600_000),
    // Behind a proxy every connection comes from the proxy: no per-address limit unless asked for.
    maxConnectionsPerAddress: r.integer('VIGIL_MAX_CONNECTIONS_PER_ADDRESS', trustProxy ? 0 : 128, 0, 1_000_000),
    maxConnections: r.integer('VIGIL_MAX_CONNECTIONS', 10_000, 1, 10_000_000),
    scanWorkers: r.integer('VIGIL_SCAN_WORKERS', Math.max(1, availableParallelism()), 1, 256),
    scanThreadNice: r.integer('VIGIL_SCAN_NICE', 10, 0, 19),
    scanTimeoutMs: r.integer('VIGIL_SCAN_TIMEOUT_MS', 300_000, 1_000, 3_600_000),
    maxConcurrentScans,
    scansPerAccount: r.integer('VIGIL_MAX_SCANS_PER_ACCOUNT', Math.max(1, Math.floor(maxConcurrentScans / 2)), 1, 1_000),
    maxConcurrentApiScans: r.integer('VIGIL_MAX_CONCURRENT_API_SCANS', 16, 1, 10_000),
    apiScansPerAccount: r.integer('VIGIL_MAX_API_SCANS_PER_ACCOUNT', 4, 1, 10_000),
    maxQueuedScans: r.integer('VIGIL_MAX_QUEUED_SCANS', 256, 0, 1_000_000),
    maxQueuedScansPerAccount: r.integer('VIGIL_MAX_QUEUED_SCANS_PER_ACCOUNT', 64, 0, 1_000_000),
    scanWaitMs: r.integer('VIGIL_SCAN_WAIT_MS', 600_000, 1_000, 3_600_000),
    scanQueue: scanQueue(r),
    queuePrefix: r.string('VIGIL_QUEUE_PREFIX', 'vigil'),
    workerLockMs: r.integer('VIGIL_WORKER_LOCK_MS', 30_000, 1_000, 600_000),
    webhookAllowCidrs: Object.freeze(r.cidrs('VIGIL_WEBHOOK_ALLOW_CIDRS')),
    webhookRetryMs: r.integer('VIGIL_WEBHOOK_RETRY_MS', 30_000, 10, 3_600_000),
    webhookMaxAttempts: r.integer('VIGIL_WEBHOOK_MAX_ATTEMPTS', 8, 1, 20),
    apiScanTimeoutMs: r.integer('VIGIL_API_SCAN_TIMEOUT_MS', 30_000, 1_000, 600_000),
    apiProbeTimeoutMs: r.integer('VIGIL_API_PROBE_TIMEOUT_MS', 10_000, 500, 600_000),
    findingLimits: Object.freeze({
      perScan: r.integer('VIGIL_MAX_FINDINGS_PER_SCAN', DEFAULT_FINDING_LIMITS.perScan, 1, 1_000_000),
      perRule: r.integer('VIGIL_MAX_FINDINGS_PER_RULE', DEFAULT_FINDING_LIMITS.perRule, 1, 1_000_000),
      perFile: r.integer('VIGIL_MAX_FINDINGS_PER_FILE', DEFAULT_FINDING_LIMITS.perFile, 1, 1_000_000),
    }),
    historyLimits: Object.freeze({
      maxCloneBytes: r.integer('VIGIL_HISTORY_MAX_CLONE_BYTES', DEFAULT_HISTORY_LIMITS.maxCloneBytes, 1024, Number.MAX_SAFE_INTEGER),
      cloneTimeoutMs: r.integer('VIGIL_HISTORY_CLONE_TIMEOUT_MS', DEFAULT_HISTORY_LIMITS.cloneTimeoutMs, 1_000, 3_600_000),
      maxCommits: r.integer('VIGIL_HISTORY_MAX_COMMITS', DEFAULT_HISTORY_LIMITS.maxCommits, 1, 100_000_000),
    }),
    githubGitUrl: r.url('GITHUB_GIT_URL', ['http', 'https']),
    sourceLimits: Object.freeze({
      maxArchiveBytes: r.integer('VIGIL_MAX_ARCHIVE_BYTES', DEFAULT_SOURCE_LIMITS.maxArchiveBytes, 1024, Number.MAX_SAFE_INTEGER),
      maxUnpackedBytes: r.integer('VIGIL_MAX_UNPACKED_BYTES', DEFAULT_SOURCE_LIMITS.maxUnpackedBytes, 1024, Number.MAX_SAFE_INTEGER),
      maxFiles: r.integer('VIGIL_MAX_FILES', DEFAULT_SOURCE_LIMITS.maxFiles, 1, 10_000_000),
      maxFileBytes: r.integer('VIGIL_MAX_FILE_BYTES', DEFAULT_SOURCE_LIMITS.maxFileBytes, 1, 1024 * 1024 * 1024),
      maxPathLength: r.integer('VIGIL_MAX_PATH_LENGTH', DEFAULT_SOURCE_LIMITS.maxPathLength, 16, 65_536),
      maxPathDepth: r.integer('VIGIL_MAX_PATH_DEPTH', DEFAULT_SOURCE_LIMITS.maxPathDepth, 1, 1_024),
    }),
    archiveMemoryBytes: r.integer('VIGIL_ARCHIVE_MEMORY_MB', DEFAULT_ARCHIVE_MEMORY_BYTES / (1024 * 1024), 0, 1_048_576) * 1024 * 1024,
    publicUrl: r.origin('PUBLIC_URL', `http://localhost:${port}`),
    githubOAuth: githubOAuth(r),
    githubOAuthUrl: r.url('GITHUB_OAUTH_URL', ['http', 'https'], 'https://github.com') ?? 'https://github.com',
  };
  if (!/^[^\s@]+@[^\s@]+$/.test(config.ownerEmail)) {
    r.problems.push(`VIGIL_OWNER_EMAIL: "${config.ownerEmail}" is not an email address`);
  }
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return Object.freeze(config);
}
