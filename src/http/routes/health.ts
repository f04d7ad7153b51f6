import { Type } from '@sinclair/typebox';
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { Storage } from '../../adapters/storage/index.js';

const HealthBody = Type.Object(
  {
    status: Type.String({ description: '"ok" when healthy; "unavailable" when the database does not answer' }),
    version: Type.String({ description: 'Version of the running service' }),
    detail: Type.Optional(Type.String({ description: 'Present when not healthy: what failed' })),
  },
  { title: 'Health' },
);

/** GET /health: liveness, version, and whether the database answers. No key needed. */
export const healthRoutes: FastifyPluginCallbackTypebox<{ storage: Storage; version: string }> = (app, deps, done) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['service'],
        operationId: 'getHealth',
        summary: 'Health check',
        description: 'Reports liveness and the running version. Answers 503 when the database is unreachable.',
        security: [],
        response: {
          200: { ...HealthBody, description: 'The service and its database are up' },
          503: { ...HealthBody, description: 'The database is unreachable' },
        },
      },
    },
    async (request, reply) => {
      try {
        await deps.storage.ping(1_000);
        return { status: 'ok', version: deps.version };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', version: deps.version, detail: 'Database unreachable' });
      }
    },
  );
  done();
};
