import { useCallback, useEffect, useState } from 'preact/hooks';
import { CopyButton } from '../components/CopyButton.js';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useApp } from '../context.js';
import { formatDateTime } from '../lib/format.js';
import { Link } from '../router.js';
import type { CreatedWebhookView, DeliveryView as Delivery, WebhookView as Webhook } from '../../../src/core/wire/webhooks.js';

/** The account's webhooks (`/v1/webhooks`): register one (its signing secret shown once), read each delivery log, delete. */
export function Webhooks() {
  const { api } = useApp();
  const [hooks, setHooks] = useState<readonly Webhook[] | undefined>(undefined);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setHooks((await api.get<{ items: Webhook[] }>('/v1/webhooks')).items);
    } catch (caught) {
      setError(caught);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      await load();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const add = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const created = await api.post<CreatedWebhookView>('/v1/webhooks', { url: url.trim() });
      setUrl('');
      setSecret(created.secret);
    });
  };
  const remove = (hook: Webhook) => act(() => api.json('DELETE', `/v1/webhooks/${encodeURIComponent(hook.id)}`));

  return (
    <section class="card" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">Each scan of this account that ends sends these URLs a signed scan.completed or scan.failed event (header Vigil-Signature, HMAC-SHA256 with the webhook's secret).</p>
      {hooks === undefined ? null : hooks.length === 0 ? <p>No webhooks yet.</p> : <WebhookList hooks={hooks} onDelete={(hook) => void remove(hook)} busy={busy} />}
      {secret !== null && (
        <div class="key-once" role="status">
          <p>
            Signing secret, shown this once: <code id="webhook-secret">{secret}</code> <CopyButton text={secret} label="Copy secret" describedBy="webhook-secret" />
          </p>
          <button type="button" class="button" onClick={() => setSecret(null)}>
            I have stored it
          </button>
        </div>
      )}
      <form onSubmit={add}>
        <div class="field">
          <label for="webhook-url">Webhook URL</label>
          <input id="webhook-url" type="url" required maxLength={2048} placeholder="https://ci.example.com/vigil" autocomplete="off" spellcheck={false} value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </div>
        <ErrorAlert error={error} />
        <div class="actions">
          <button type="submit" class="button button--primary" disabled={busy}>
            Add webhook
          </button>
        </div>
      </form>
    </section>
  );
}

function WebhookList({ hooks, onDelete, busy }: { hooks: readonly Webhook[]; onDelete: (hook: Webhook) => void; busy: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul class="webhooks">
      {hooks.map((hook) => (
        <li key={hook.id}>
          <code>{hook.url}</code> <span class="muted">added {formatDateTime(hook.created_at)}</span>
          <div class="actions">
            <button type="button" class="button" aria-expanded={open === hook.id} onClick={() => setOpen(open === hook.id ? null : hook.id)}>
              Deliveries
            </button>
            <button type="button" class="button button--danger" disabled={busy} onClick={() => onDelete(hook)} aria-label={`Delete webhook ${hook.url}`}>
              Delete
            </button>
          </div>
          {open === hook.id && <DeliveryLog hook={hook} />}
        </li>
      ))}
    </ul>
  );
}

function DeliveryLog({ hook }: { hook: Webhook }) {
  const { api } = useApp();
  const [items, setItems] = useState<readonly Delivery[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  useEffect(() => {
    api.get<{ items: Delivery[] }>(`/v1/webhooks/${encodeURIComponent(hook.id)}/deliveries`).then(
      (log) => setItems(log.items),
      (caught: unknown) => setError(caught),
    );
  }, [api, hook.id]);
  if (error !== undefined) return <ErrorAlert error={error} />;
  if (items === undefined) return <p class="muted">Loading the delivery log…</p>;
  if (items.length === 0) return <p>No deliveries yet.</p>;
  return (
    <div class="table-scroll">
    <table class="table">
      <caption class="visually-hidden">Deliveries to {hook.url}, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Created</th>
          <th scope="col">Event</th>
          <th scope="col">Scan</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last answer</th>
        </tr>
      </thead>
      <tbody>
        {items.map((d) => (
          <tr key={d.id}>
            <td>{formatDateTime(d.created_at)}</td>
            <td>{d.event}</td>
            <td>
              <Link href={`/scans/${encodeURIComponent(d.scan_id)}`}>{d.scan_id}</Link>
            </td>
            <td>{d.status === 'pending' && d.next_attempt_at !== null ? `pending, next try ${formatDateTime(d.next_attempt_at)}` : d.status}</td>
            <td>{d.attempts}</td>
            <td>{d.last_status !== null ? `HTTP ${d.last_status}` : (d.last_error ?? '—')}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
