import { randomBytes } from 'node:crypto';
import type { TestServer } from '../helpers/start-test-server.js';

// Shared by the traveler tests: a PII key, a full profile body, and the answer's shape.

export const PII_KEY = randomBytes(32).toString('base64');
export const INTERNAL_KEY = 'internal-key-for-traveler-tests-0123456789';

export interface TravelerOut {
  id: string;
  first_name: string;
  last_name: string;
  dob: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  passport: { number_masked: string | null; country: string | null; expiry: string | null; expired: boolean } | null;
  known_traveler_number_masked: string | null;
  loyalty: { program: string; number_masked: string }[];
  created_at: string;
  updated_at: string;
}

export interface Invalid {
  detail: { loc: (string | number)[]; msg: string }[];
}

export const fullProfile = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  dob: '1985-12-10',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  gender: 'female',
  passport: { number: 'p1234 5678', country: 'gb', expiry: '2031-05-01' },
  known_traveler_number: '98765-4321',
  loyalty: [{ program: 'BA Executive Club', number: '12345678901' }],
  ...over,
});

export const saveTraveler = (server: TestServer, body: unknown, headers: Record<string, string>) => server.post('/api/user/travelers', body, { headers });

export const deleteTraveler = (server: TestServer, id: string, headers: Record<string, string>) =>
  fetch(`${server.url}/api/user/travelers/${encodeURIComponent(id)}`, { method: 'DELETE', headers });
