import { randomUUID } from 'node:crypto';
import type { LoggingLevel } from '@modelcontextprotocol/server';
import type { Cache } from '../../tools/_kit/ports.js';

export interface McpSession {
  /** sessionOwner() of the caller that initialized it; no one else can use or end it. */
  owner: string;
  protocolVersion: string;
  client: string;
  createdAt: string;
  /** The client declared form elicitation at initialize: money-moving tools ask it to confirm. */
  elicitation?: boolean;
  /** Set by logging/setLevel: the least severe log message the client wants. */
  logLevel?: LoggingLevel;
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

  /** The session, for its owner only: to anyone else it does not exist. */
  async get(id: string, owner: string): Promise<McpSession | undefined> {
    const session = await this.read(id);
    return session?.owner === owner ? session : undefined;
  }

  /** Records the client's log level; false when the session is gone. */
  async setLogLevel(id: string, level: LoggingLevel): Promise<boolean> {
    const session = await this.read(id);
    if (!session) return false;
    await this.cache.set(this.key(id), { ...session, logLevel: level }, this.ttlSeconds);
    return true;
  }

  /** Ends a session; callers check ownership first (get). */
  async end(id: string): Promise<boolean> {
    const existed = (await this.read(id)) !== undefined;
    await this.cache.delete(this.key(id));
    return existed;
  }

  private read(id: string): Promise<McpSession | undefined> {
    return this.cache.get<McpSession>(this.key(id));
  }

  private key(id: string): string {
    return `mcp:session:${id}`;
  }
}
