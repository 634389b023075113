import { expect } from 'vitest';
import type { AppDatabase } from '../../adapters/db/app-database.js';
import type { TestServer } from './start-test-server.js';

// Small steps most end-to-end tests take: an API key for a user, a JSON answer
// with its status checked, and the server's Prisma client for looking at rows.

export async function bearer(server: TestServer, userId: string, tier: 'free' | 'pro' | 'business' = 'pro'): Promise<Record<string, string>> {
  const { secret } = await server.services.identity.createKey({ userId, tier });
  return { authorization: `Bearer ${secret}` };
}

/** The body of `res` as T, after checking its status (the body is the failure message). */
export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export const prismaOf = (server: Pick<TestServer, 'services'>) => (server.services.db as AppDatabase).prisma;
