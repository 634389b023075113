import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

// The SDK v2 client as a 2026-era host uses it: `auto` negotiation (server/discover,
// falling back to initialize), an API key, optionally form elicitation. `urls` may name
// several servers: requests then alternate between them (processes behind one balancer).

export interface V2Options {
  elicitation?: boolean;
  /** Each server's API key, for servers that do not share a database. */
  keys?: string[];
}

export async function connectV2(urls: string[], secret: string, opts: V2Options = {}): Promise<Client> {
  const client = new Client(
    { name: 'vitest-v2', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' }, capabilities: opts.elicitation ? { elicitation: { form: {} } } : {} },
  );
  let turn = 0;
  const spread: typeof fetch = (input, init) => {
    const i = turn++ % urls.length;
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${opts.keys?.[i] ?? secret}`);
    return fetch(String(input).replace(urls[0]!, urls[i]!), { ...init, headers });
  };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${urls[0]}/mcp`), { fetch: spread }));
  return client;
}
