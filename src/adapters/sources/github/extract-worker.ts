/**
 * Worker-thread entry: gunzip, tar parsing and file writes of one archive, off the
 * service's event loop. The bytes arrive from the main thread one chunk per pull
 * (the download itself stays on the main thread's SSRF-safe client); see extract-thread.ts.
 */
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { extractTarball } from './extract.js';
import { fromWire, toWire, type ExtractJob, type FromExtractor, type ToExtractor } from './thread-messages.js';

const port = parentPort;
if (port === null) throw new Error('extract-worker runs only as a worker thread');
const job = workerData as ExtractJob;
const post = (message: FromExtractor): void => port.postMessage(message);
const aborter = new AbortController();
const source = new Readable({ read: () => post({ kind: 'pull' }) });

port.on('message', (message: ToExtractor) => {
  if (message.kind === 'chunk') source.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  else if (message.kind === 'end') source.push(null);
  else if (message.kind === 'fail') source.destroy(fromWire(message.error));
  else aborter.abort();
});

extractTarball(source, job.root, job.limits, aborter.signal).then(
  (result) => post({ kind: 'done', result }),
  (error: unknown) => post({ kind: 'failed', error: toWire(error) }),
);
