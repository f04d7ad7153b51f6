import { request } from 'node:http';
import type { ImportStats } from '../../adapters/osv/import.js';
import type { AdminOperations, OsvCounts } from './operations.js';
import { accountFromJson, issuedFromJson, listingFromJson, type AccountJson, type IssuedJson, type ListingJson, type RotatedJson } from './wire.js';

const TIMEOUT_MS = 60_000;
/** An OSV import of a whole ecosystem export takes minutes. */
const IMPORT_TIMEOUT_MS = 60 * 60_000;

/** One request over the admin socket; a non-2xx answer becomes an Error carrying its detail. */
function call<T>(socketPath: string, method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs = TIMEOUT_MS): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const req = request(
      {
        socketPath,
        method,
        path,
        timeout: timeoutMs,
        headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return reject(new Error(`The running service gave an unreadable answer (status ${res.statusCode ?? '?'})`));
          }
          const status = res.statusCode ?? 500;
          if (status >= 200 && status < 300) return resolve(parsed as T);
          const detail = (parsed as { detail?: unknown }).detail;
          reject(new Error(typeof detail === 'string' ? detail : `The running service answered ${status}`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`The running service did not answer within ${timeoutMs / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? new Error(`The running service does not answer on ${socketPath} (${error.code})`) : error);
    });
    req.end(payload);
  });
}

/** The admin operations, carried out by the running service behind the admin socket. */
export function remoteAdmin(socketPath: string): AdminOperations {
  return {
    createAccount: async (email, plan) => issuedFromJson(await call<IssuedJson>(socketPath, 'POST', '/accounts', { email, plan })),
    listAccounts: async () => (await call<ListingJson[]>(socketPath, 'GET', '/accounts')).map(listingFromJson),
    setPlan: async (email, plan) => accountFromJson(await call<AccountJson>(socketPath, 'POST', '/accounts/plan', { email, plan })),
    importOsv: (path) => call<ImportStats>(socketPath, 'POST', '/osv/import', { path }, IMPORT_TIMEOUT_MS),
    osvCounts: () => call<OsvCounts>(socketPath, 'GET', '/osv'),
    async rotateKey(email, mail) {
      const rotated = await call<RotatedJson>(socketPath, 'POST', '/keys/rotate', { email, mail });
      return { issued: issuedFromJson(rotated.issued), mail: rotated.mail };
    },
  };
}
