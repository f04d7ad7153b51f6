import { Type } from '@sinclair/typebox';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../../core/errors.js';
import type { WebhookService } from '../../../services/webhooks/service.js';
import { CreatedWebhook, Delivery, Webhook } from '../../../core/wire/webhooks.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, BODY_ERRORS, errorResponses } from '../../schemas/common.js';

const Id = Type.Object({ webhook_id: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$', 'x-expected': 'a webhook id (1 to 64 letters and digits)' }) });

/** Webhooks of the calling account (beyond the specification): register, list, delete, read the delivery log. Not counted. */
export const webhookRoutes: FastifyPluginCallbackTypebox<{ webhooks: WebhookService }> = (app, deps, done) => {
  app.post(
    '/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'createWebhook',
        summary: 'Register a webhook URL',
        description:
          'The URL receives a POST for every scan of this account that ends: scan.completed or scan.failed, signed in the Vigil-Signature header (t=<unix time>,v1=<HMAC-SHA256 of "<t>.<body>" under the secret>). ' +
          'Failed deliveries are retried with exponential backoff. Deliveries go through the SSRF-safe client: private addresses are refused. At most 10 per account.',
        security: V1_SECURITY,
        body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL that receives the events' }) }, { title: 'CreateWebhookRequest' }),
        response: { 201: { ...CreatedWebhook, description: 'Registered; the secret is shown this once' }, ...errorResponses(...BODY_ERRORS, 409, ...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const created = await deps.webhooks.register(request.caller.account.id, request.body.url);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'listWebhooks',
        summary: 'List webhooks',
        security: V1_SECURITY,
        response: { 200: { ...Type.Object({ items: Type.Array(Webhook) }, { title: 'WebhookList' }), description: 'The account\'s webhooks' }, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => ({ items: await deps.webhooks.list(request.caller.account.id) }),
  );

  app.delete(
    '/webhooks/:webhook_id',
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook (and its delivery log)',
        security: V1_SECURITY,
        params: Id,
        response: { 204: { description: 'Deleted', type: 'null' }, ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS) },
      },
    },
    async (request, reply) => {
      const { webhook_id: id } = request.params;
      if (!(await deps.webhooks.remove(request.caller.account.id, id))) throw notFound(`Webhook ${id} not found`);
      return reply.code(204).send();
    },
  );

  app.get(
    '/webhooks/:webhook_id/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        operationId: 'listWebhookDeliveries',
        summary: 'Delivery log of a webhook',
        description: 'The 50 newest deliveries, newest first: pending (with the next attempt), delivered, or failed after the last retry.',
        security: V1_SECURITY,
        params: Id,
        response: { 200: { ...Type.Object({ items: Type.Array(Delivery) }, { title: 'WebhookDeliveries' }), description: 'The deliveries' }, ...errorResponses(400, 404, ...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { webhook_id: id } = request.params;
      const items = await deps.webhooks.deliveries(request.caller.account.id, id);
      if (items === undefined) throw notFound(`Webhook ${id} not found`);
      return { items };
    },
  );
  done();
};
