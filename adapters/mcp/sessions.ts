import { randomUUID } from 'node:crypto';
import type { Cache } from '../../tools/_kit/ports.js';

export interface McpSession {
  protocolVersion: string;
  client: string;
  createdAt: string;
}

/**
 * MCP sessions live in the shared cache, not in process memory, so any process
 * behind the load balancer can serve any request of any session (no sticky
 * sessions). In-process cache = single process; Redis = many.
 */
export class SessionStore {
  constructor(private readonly cache: Cache, private readonly ttlSeconds: number) {}

  async create(session: McpSession): Promise<string> {
    const id = randomUUID();
    await this.cache.set(this.key(id), session, this.ttlSeconds);
    return id;
  }

  async get(id: string): Promise<McpSession | undefined> {
    return this.cache.get<McpSession>(this.key(id));
  }

  async end(id: string): Promise<boolean> {
    const existed = (await this.get(id)) !== undefined;
    await this.cache.delete(this.key(id));
    return existed;
  }

  private key(id: string): string {
    return `mcp:session:${id}`;
  }
}
