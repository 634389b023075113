import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

/**
 * Streams `totalBytes` of a JSON body (chunked, no Content-Length, so the client
 * cannot refuse it up front), honouring backpressure. `onBytes` gets the running
 * count of bytes handed to the socket; it stops growing when the client hangs up.
 */
export function streamHugeJson(res: ServerResponse, totalBytes: number, onBytes: (sent: number) => void): void {
  const head = Buffer.from('{"data":{"offers":[');
  const tail = Buffer.from(']}}');
  const filler = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const write = (chunk: Buffer): boolean => {
    sent += chunk.length;
    onBytes(sent);
    return res.write(chunk);
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  write(head);
  const pump = (): void => {
    while (sent + filler.length + tail.length <= totalBytes) {
      if (res.destroyed) return;
      if (!write(filler)) {
        res.once('drain', pump);
        return;
      }
    }
    write(tail);
    res.end();
  };
  pump();
}
