import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { registerErrorHandling } from '../plugins/errors.js';
import type { AdminOperations } from './operations.js';
import { accountToJson, EmailPlanBody, issuedToJson, listingToJson, OsvImportBody, RotateBody, type EmailPlan, type OsvImport, type Rotate } from './wire.js';

const BODY_LIMIT = 16 * 1024;

/** Where a service on the embedded database listens for the CLI: a folder only its user may enter. */
export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'admin', 'vigil.sock');
}

export interface AdminSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * The admin socket: the CLI's account and key commands, served to the CLI while
 * this process holds the embedded database. A Unix domain socket in a 0700
 * folder, itself 0600: file permissions are the authentication, and it is not
 * reachable from the network. The caller must hold the embedded-database lock,
 * which makes removing a socket left by a crashed process safe.
 */
export async function startAdminSocket(options: { dataDir: string; admin: AdminOperations; logger: FastifyBaseLogger }): Promise<AdminSocket> {
  const path = adminSocketPath(options.dataDir);
  const dir = join(path, '..');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  rmSync(path, { force: true });

  const app = Fastify({ loggerInstance: options.logger.child({ component: 'admin-socket' }), bodyLimit: BODY_LIMIT });
  registerErrorHandling(app, BODY_LIMIT);
  const { admin } = options;
  app.get('/accounts', async () => (await admin.listAccounts()).map(listingToJson));
  app.post<{ Body: EmailPlan }>('/accounts', { schema: { body: EmailPlanBody } }, async (request, reply) => {
    const issued = await admin.createAccount(request.body.email, request.body.plan);
    return reply.code(201).send(issuedToJson(issued));
  });
  app.post<{ Body: EmailPlan }>('/accounts/plan', { schema: { body: EmailPlanBody } }, async (request) =>
    accountToJson(await admin.setPlan(request.body.email, request.body.plan)),
  );
  app.post<{ Body: Rotate }>('/keys/rotate', { schema: { body: RotateBody } }, async (request) => {
    const rotated = await admin.rotateKey(request.body.email, request.body.mail);
    return { issued: issuedToJson(rotated.issued), mail: rotated.mail };
  });

  app.get('/osv', async () => admin.osvCounts());
  app.post<{ Body: OsvImport }>('/osv/import', { schema: { body: OsvImportBody } }, async (request) => admin.importOsv(request.body.path));

  await app.listen({ path });
  chmodSync(path, 0o600);
  return { path, close: () => app.close() };
}
