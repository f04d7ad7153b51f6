/**
 * The slow-POST client of bench:abuse, as its own process: connections that
 * send headers and then one body byte every few seconds, spread over many
 * loopback addresses as a botnet would be. Prints how each connection ended,
 * as JSON on stdout.
 *
 *   tsx bench/abuse/slow-post.ts <port> <connections>
 */
import { connect, type Socket } from 'node:net';

const port = Number(process.argv[2]);
const connections = Number(process.argv[3]);
if (!Number.isSafeInteger(port) || !Number.isSafeInteger(connections) || connections < 1) throw new Error('usage: slow-post.ts <port> <connections>');

const sockets: Socket[] = [];
const outcome: Record<string, number> = {};
const closed: Promise<void>[] = [];
for (let i = 0; i < connections; i++) {
  const localAddress = `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;
  const socket = connect({ host: '127.0.0.1', port, localAddress });
  let first = '';
  socket.on('data', (d: Buffer) => (first ||= d.toString('latin1').split('\r\n', 1)[0] ?? ''));
  socket.on('error', () => undefined);
  socket.on('connect', () => socket.write('POST /auth/email HTTP/1.1\r\nHost: vigil\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{'));
  closed.push(
    new Promise((resolve) =>
      socket.once('close', () => {
        const key = first.replace(/^HTTP\/1\.1 /, '') || 'closed without an answer';
        outcome[key] = (outcome[key] ?? 0) + 1;
        resolve();
      }),
    ),
  );
  sockets.push(socket);
}
const trickle = setInterval(() => {
  for (const s of sockets) if (!s.destroyed && !s.connecting) s.write(' ');
}, 3_000);
let deadline: NodeJS.Timeout | undefined;
await Promise.race([Promise.all(closed), new Promise((resolve) => (deadline = setTimeout(resolve, 120_000)))]);
clearTimeout(deadline);
clearInterval(trickle);
for (const s of sockets) s.destroy();
process.stdout.write(JSON.stringify(outcome));
