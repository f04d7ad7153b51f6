/**
 * Worker-thread entry: the embedded database (PGlite, PostgreSQL compiled to WebAssembly) for
 * the whole process. A query runs synchronously inside WebAssembly for as long as it takes
 * (tens of milliseconds for a large scan's row), so it runs here and not on the service's
 * event loop. Requests are run one at a time in the order they arrive, which is the order the
 * main thread's single connection sends them (see pglite-thread.ts); pings are answered at once.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { toWireError, type FromDatabase, type ToDatabase } from './pglite-messages.js';

if (parentPort === null) throw new Error('pglite-worker runs only as a worker thread');
const port: MessagePort = parentPort;
const post = (message: FromDatabase): void => port.postMessage(message);
const { dataDir } = workerData as { dataDir: string };

const db = await PGlite.create(dataDir).catch((error: unknown) => {
  // The thread then ends on its own: nothing else keeps it alive.
  post({ kind: 'start-failed', error: toWireError(error) });
  port.close();
  return undefined;
});

let chain: Promise<void> = Promise.resolve();

async function run(db: PGlite, message: Exclude<ToDatabase, { kind: 'ping' }>): Promise<void> {
  if (message.kind === 'close') {
    if (!db.closed) await db.close();
    post({ kind: 'closed', id: message.id });
    port.close();
    return;
  }
  try {
    const result = await db.query(message.sql, [...message.params]);
    post({
      kind: 'result',
      id: message.id,
      rows: result.rows,
      ...(result.affectedRows !== undefined && result.fields.length === 0 ? { affectedRows: result.affectedRows } : {}),
    });
  } catch (error) {
    post({ kind: 'failed', id: message.id, error: toWireError(error) });
  }
}

if (db !== undefined) {
  port.on('message', (message: ToDatabase) => {
    if (message.kind === 'ping') return post({ kind: 'pong', id: message.id });
    chain = chain.then(() => run(db, message));
  });
  post({ kind: 'ready' });
}
