import { connect, createServer, type Server, type Socket } from 'node:net';

export type ProxyMode = 'pass' | 'hang' | 'refuse';

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL, Redis) that a
 * test can break: `hang` accepts connections and swallows what they send
 * (a server that stopped answering), `refuse` closes every connection.
 * Connections opened in one mode keep its behaviour; `cut()` ends them all.
 */
export class TcpProxy {
  mode: ProxyMode = 'pass';
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  port = 0;

  constructor(private readonly upstream: { host: string; port: number }) {}

  async start(): Promise<this> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return this;
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.once('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    if (this.mode === 'hang') {
      client.resume(); // read and drop everything
      return;
    }
    const upstream = connect(this.upstream);
    this.sockets.add(upstream);
    upstream.once('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.once('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  }

  /** Ends every open connection (new ones follow the current mode). */
  cut(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
