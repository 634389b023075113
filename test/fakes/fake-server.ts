import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// What every local fake upstream needs: a random local port and the raw body.

/** Listens on 127.0.0.1 on a free port; resolves with the base URL. */
export async function listenLocal(server: Server): Promise<{ url: string; host: string; port: number }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, host: '127.0.0.1', port };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
