/** The wire shape of webhooks (beyond the specification): a registered URL and its delivery log. */
import { Type, type Static } from '@sinclair/typebox';

export const Webhook = Type.Object(
  { id: Type.String(), url: Type.String(), created_at: Type.String({ format: 'date-time' }) },
  { title: 'Webhook' },
);
export const CreatedWebhook = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({ description: 'Signing secret (whsec_…), shown once: verify Vigil-Signature with it' }),
  },
  { title: 'CreatedWebhook' },
);
export const Delivery = Type.Object(
  {
    id: Type.String(),
    event: Type.String({ description: 'scan.completed or scan.failed' }),
    scan_id: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    attempts: Type.Integer({ minimum: 0 }),
    last_status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the last attempt; null when it got none' }),
    last_error: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When a pending delivery is tried again' }),
  },
  { title: 'WebhookDelivery' },
);
export type WebhookView = Static<typeof Webhook>;
export type CreatedWebhookView = Static<typeof CreatedWebhook>;
export type DeliveryView = Static<typeof Delivery>;
