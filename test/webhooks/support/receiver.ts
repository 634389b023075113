import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local webhook receiver that records every request and answers as the test
// says: a status, or 'hold' to keep the response open (a sender that dies then
// never learns the outcome).

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  body: { id: string; type: string; created_at: string; data: Record<string, unknown> };
}

export type Reply = number | 'hold';

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides the answer to each request, in arrival order (0-based). */
  reply: (req: Received, index: number) => Reply;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(reply: Receiver['reply'] = () => 200): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    reply,
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until) throw new Error(`receiver got ${receiver.received.length} of ${count} requests`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const got: Received = { path: req.url ?? '/', headers: req.headers, rawBody, body: JSON.parse(rawBody) as Received['body'] };
      const index = receiver.received.push(got) - 1;
      const answer = receiver.reply(got, index);
      if (answer === 'hold') held.push(res);
      else res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
