import pg from 'pg';
import { startServer, type RunningServer } from '../../adapters/http/server.js';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { testConfig } from './test-config.js';

export interface TestServer extends RunningServer {
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
}

/** Drops a per-run PostgreSQL schema (testConfig's `schema`); nothing to do on the embedded database. */
export async function dropTestSchema(schema: string): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

/** Starts the real server on a random port; close() also drops the per-run PostgreSQL schema. */
export async function startTestServer(opts: { env?: Record<string, string>; tools?: readonly AnyTool[] } = {}): Promise<TestServer> {
  const config = testConfig(opts.env);
  const running = await startServer(config, opts.tools ? { tools: opts.tools } : {});
  const close = async () => {
    await running.close();
    if (config.schema) await dropTestSchema(config.schema);
  };
  return {
    ...running,
    close,
    get: (path, init) => fetch(running.url + path, init),
    post: (path, body, init) => fetch(running.url + path, {
      method: 'POST',
      ...init,
      headers: { 'content-type': 'application/json', ...(init?.headers as Record<string, string> | undefined) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  };
}
