/**
 * Webhooks: an account registers URLs; when one of its scans ends, every URL
 * gets a `scan.completed` or `scan.failed` event, signed (signature.ts). Events
 * are rows first (webhook_deliveries), then delivered by a dispatcher in each
 * process that runs scans, through the SSRF-safe client, retried with
 * exponential backoff; every attempt's outcome is kept as the delivery log.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { parseTargetUrl, safeFetch, type LookupFunction } from '../../adapters/net/index.js';
import type { JobOutcome, ScanJob } from '../scans/jobs.js';
import type { ScanLogger } from '../scans/runner.js';
import type { TokenSeal } from '../scans/seal.js';
import { ERROR_STATUS } from '../../core/errors.js';
import type { Storage } from '../../adapters/storage/index.js';
import { sign, SIGNATURE_HEADER } from './signature.js';
import type { DeliveryView, WebhookView as RegisteredWebhook } from '../../core/wire/webhooks.js';

export const WEBHOOK_EVENTS = ['scan.completed', 'scan.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;

export interface WebhookSettings {
  /** VIGIL_WEBHOOK_ALLOW_CIDRS: internal ranges deliveries may reach (default none). */
  readonly allowCidrs: readonly string[];
  /** First retry delay; each further one doubles, up to 6 hours. */
  readonly retryBaseMs: number;
  readonly maxAttempts: number;
  /** Tests inject DNS. */
  readonly lookup?: LookupFunction;
}

/** A registered URL and a delivery, as the API shows them (core/wire/webhooks.ts). */
export type { DeliveryView, WebhookView as RegisteredWebhook } from '../../core/wire/webhooks.js';

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed delivery is someone's for this long; a dispatcher that died leaves it to the others after. */
const CLAIM_MS = 60_000;

export class WebhookService {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly storage: Storage,
    private readonly seal: TokenSeal,
    private readonly settings: WebhookSettings,
    private readonly log?: ScanLogger,
  ) {}

  async register(accountId: string, url: string): Promise<RegisteredWebhook & { secret: string }> {
    const parsed = parseTargetUrl(url.trim());
    const db = this.storage.db;
    const count = await db.selectFrom('webhooks').select(sql<string>`count(*)`.as('n')).where('account_id', '=', accountId).executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_WEBHOOKS_PER_ACCOUNT) {
      throw new AppError('conflict', `This account already has ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks, the most it may; delete one first`);
    }
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const id = newId();
    const createdAt = new Date();
    await db.insertInto('webhooks').values({ id, account_id: accountId, url: parsed.href, secret: this.seal.seal(secret), created_at: createdAt }).execute();
    return { id, url: parsed.href, secret, created_at: createdAt.toISOString() };
  }

  async list(accountId: string): Promise<RegisteredWebhook[]> {
    const rows = await this.storage.db.selectFrom('webhooks').select(['id', 'url', 'created_at']).where('account_id', '=', accountId).orderBy('created_at').execute();
    return rows.map((r) => ({ id: r.id, url: r.url, created_at: new Date(r.created_at).toISOString() }));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const result = await this.storage.db.deleteFrom('webhooks').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The newest deliveries of one of the account's webhooks; undefined when it has no such webhook. */
  async deliveries(accountId: string, webhookId: string, limit = 50): Promise<DeliveryView[] | undefined> {
    const db = this.storage.db;
    const hook = await db.selectFrom('webhooks').select('id').where('account_id', '=', accountId).where('id', '=', webhookId).executeTakeFirst();
    if (hook === undefined) return undefined;
    const rows = await db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('seq', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      event: r.event,
      scan_id: r.scan_id,
      status: r.status as DeliveryView['status'],
      attempts: r.attempts,
      last_status: r.last_status,
      last_error: r.last_error,
      created_at: new Date(r.created_at).toISOString(),
      delivered_at: r.delivered_at === null ? null : new Date(r.delivered_at).toISOString(),
      next_attempt_at: r.status === 'pending' ? new Date(r.next_attempt_at).toISOString() : null,
    }));
  }

  /** Records the event of a finished scan for each of its account's webhooks (ScanRunner's onFinished). */
  readonly record = async (job: ScanJob, outcome: JobOutcome): Promise<void> => {
    if (job.account === undefined) return;
    const db = this.storage.db;
    const hooks = await db.selectFrom('webhooks').select('id').where('account_id', '=', job.account.id).execute();
    if (hooks.length === 0) return;
    const event: WebhookEvent = outcome.ok ? 'scan.completed' : 'scan.failed';
    const now = new Date();
    const rows = hooks.map((hook) => {
      const id = newId();
      return {
        id,
        webhook_id: hook.id,
        account_id: job.account?.id ?? '',
        event,
        scan_id: job.scanId,
        payload: JSON.stringify(eventBody(id, event, job, outcome, now)),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      };
    });
    await db.insertInto('webhook_deliveries').values(rows).execute();
    this.kick();
  };

  /** Delivers what is due every `pollMs`, and at once after record(). */
  start(pollMs = 1_000): void {
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .catch((error: unknown) => this.log?.warn({ err: error }, 'webhook deliveries failed to run'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Claims due deliveries (SKIP LOCKED: several dispatchers share the table) and attempts each. */
  private async deliverDue(): Promise<void> {
    for (;;) {
      const claimed = await sql<{ id: string; webhook_id: string; event: string; payload: unknown; attempts: number }>`
        update webhook_deliveries set next_attempt_at = now() + ${`${CLAIM_MS} milliseconds`}::interval
        where id in (
          select id from webhook_deliveries where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at limit 10 for update skip locked)
        returning id, webhook_id, event, payload, attempts`.execute(this.storage.db);
      if (claimed.rows.length === 0) return;
      await Promise.all(claimed.rows.map((row) => this.attempt(row)));
      if (this.closed) return;
    }
  }

  private async attempt(row: { id: string; webhook_id: string; event: string; payload: unknown; attempts: number }): Promise<void> {
    const db = this.storage.db;
    const hook = await db.selectFrom('webhooks').select(['url', 'secret']).where('id', '=', row.webhook_id).executeTakeFirst();
    if (hook === undefined) return;
    const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
    const attempts = row.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await safeFetch(hook.url, {
        method: 'POST',
        body: Buffer.from(body),
        maxRedirects: 0,
        totalTimeoutMs: DELIVERY_TIMEOUT_MS,
        maxBodyBytes: 1024,
        allowCidrs: this.settings.allowCidrs,
        ...(this.settings.lookup ? { lookup: this.settings.lookup } : {}),
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(this.seal.open(hook.secret), body, Math.floor(Date.now() / 1000)),
          'vigil-event': row.event,
          'vigil-delivery': row.id,
        },
      });
      status = response.status;
      if (status < 200 || status >= 300) error = `answered ${status}`;
    } catch (cause) {
      error = cause instanceof AppError ? cause.detail : 'the delivery failed unexpectedly';
    }
    if (error === null) {
      await db.updateTable('webhook_deliveries').set({ status: 'delivered', attempts, last_status: status, last_error: null, delivered_at: new Date() }).where('id', '=', row.id).execute();
      return;
    }
    const last = attempts >= this.settings.maxAttempts;
    const delay = Math.min(MAX_BACKOFF_MS, this.settings.retryBaseMs * 2 ** (attempts - 1));
    await db
      .updateTable('webhook_deliveries')
      .set({ status: last ? 'failed' : 'pending', attempts, last_status: status, last_error: error.slice(0, 500), next_attempt_at: new Date(Date.now() + delay) })
      .where('id', '=', row.id)
      .execute();
    if (!last) setTimeout(() => this.kick(), delay + 10).unref();
  }
}

function eventBody(id: string, event: WebhookEvent, job: ScanJob, outcome: JobOutcome, now: Date): Record<string, unknown> {
  const result = outcome.ok ? outcome.result : undefined;
  const severities: Record<string, number> = {};
  for (const finding of result?.findings ?? []) severities[finding.severity] = (severities[finding.severity] ?? 0) + 1;
  return {
    id,
    type: event,
    created_at: now.toISOString(),
    data: {
      scan_id: job.scanId,
      status: outcome.ok ? 'completed' : 'failed',
      target_type: job.request.kind,
      target: result?.target ?? job.target,
      url: `/v1/scans/${job.scanId}`,
      ...(result ? { started_at: result.started_at, completed_at: result.completed_at, finding_count: result.finding_count, severity_counts: severities } : {}),
      ...(outcome.ok ? {} : { error: { status: ERROR_STATUS[outcome.error.code], detail: outcome.error.detail } }),
    },
  };
}

/** The settings of the configuration. */
export function webhookSettings(config: { webhookAllowCidrs: readonly string[]; webhookRetryMs: number; webhookMaxAttempts: number }): WebhookSettings {
  return { allowCidrs: config.webhookAllowCidrs, retryBaseMs: config.webhookRetryMs, maxAttempts: config.webhookMaxAttempts };
}
