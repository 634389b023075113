import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { SIM_WEBHOOK_SECRET_FILE, simulatorWebhookSecret } from '../../adapters/sandbox/simulators/sim-webhook-secret.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Without STRIPE_SECRET_KEY the card simulator verifies webhooks, and a verified
// payment_intent.succeeded is applied. Its secret used to be a constant in the
// source, so anyone could sign one; now each install has its own.

/** The constant the simulator used to verify with; it must open nothing now. */
const OLD_PUBLIC_SECRET = 'whsec_deal_engine_simulator';
const PATH = '/api/webhooks/stripe';

const tmp = mkdtempSync(join(tmpdir(), 'stripe-sim-secret-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const unique = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function succeeded(pi: string): string {
  const created = Math.floor(Date.now() / 1000);
  const object = { id: pi, object: 'payment_intent', amount: 12_345, currency: 'usd', status: 'succeeded', client_secret: `${pi}_secret_x`, created, metadata: { user_id: 'user_forger' } };
  return JSON.stringify({ id: unique('evt'), object: 'event', api_version: '2026-10-28.endive', type: 'payment_intent.succeeded', created, livemode: false, data: { object } });
}

function deliver(server: TestServer, body: string, secret: string): Promise<Response> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return fetch(server.url + PATH, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
}

async function eventsFor(server: TestServer, pi: string) {
  return (await server.services.bookings.undeliveredEvents(1_000)).filter((e) => e.aggregateId === pi);
}

describe('where the simulator webhook secret comes from', () => {
  it('is STRIPE_WEBHOOK_SECRET when set, and then no file is written', () => {
    const dataDir = join(tmp, 'configured');
    expect(simulatorWebhookSecret({ STRIPE_WEBHOOK_SECRET: 'whsec_operator', DATABASE_URL: undefined, DATA_DIR: dataDir })).toBe('whsec_operator');
    expect(existsSync(join(dataDir, SIM_WEBHOOK_SECRET_FILE))).toBe(false);
  });

  it('on the embedded database is generated once into DATA_DIR with mode 0600 and read back afterwards', () => {
    const dataDir = join(tmp, 'embedded');
    const config = { STRIPE_WEBHOOK_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: dataDir };
    const first = simulatorWebhookSecret(config);
    const file = join(dataDir, SIM_WEBHOOK_SECRET_FILE);
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(simulatorWebhookSecret(config)).toBe(first);
    // Another install gets another secret.
    expect(simulatorWebhookSecret({ ...config, DATA_DIR: join(tmp, 'other-install') })).not.toBe(first);
  });

  it('refuses a secret file that holds no whsec_ secret instead of replacing it', () => {
    const dataDir = join(tmp, 'corrupt');
    const config = { STRIPE_WEBHOOK_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: dataDir };
    simulatorWebhookSecret(config);
    // An emptied file, as a full disk or a careless edit might leave it.
    writeFileSync(join(dataDir, SIM_WEBHOOK_SECRET_FILE), '\n');
    expect(() => simulatorWebhookSecret(config)).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(readFileSync(join(dataDir, SIM_WEBHOOK_SECRET_FILE), 'utf8')).toBe('\n');
  });

  it('on PostgreSQL or an in-memory DATA_DIR is random per process, with no file', () => {
    const onPostgres = { STRIPE_WEBHOOK_SECRET: undefined, DATABASE_URL: 'postgresql://db.example/app', DATA_DIR: join(tmp, 'pg') };
    const a = simulatorWebhookSecret(onPostgres);
    expect(a).toMatch(/^whsec_/);
    expect(simulatorWebhookSecret(onPostgres)).not.toBe(a);
    expect(existsSync(onPostgres.DATA_DIR)).toBe(false);
    const inMemory = { STRIPE_WEBHOOK_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: 'memory://' };
    expect(simulatorWebhookSecret(inMemory)).not.toBe(simulatorWebhookSecret(inMemory));
  });
});

describe('a webhook signed with the old public constant', () => {
  it('is refused with 400 and applies nothing when STRIPE_WEBHOOK_SECRET is unset', async () => {
    const server = await startTestServer({ env: { STRIPE_WEBHOOK_SECRET: '' } });
    try {
      expect(server.services.providers.health().find((p) => p.name === 'stripe')?.mode).toBe('simulator');
      const pi = unique('pi');
      const res = await deliver(server, succeeded(pi), OLD_PUBLIC_SECRET);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', details: { reason: 'signature_verification_failed' } });
      expect(await eventsFor(server, pi)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('the embedded default, as an operator uses it', () => {
  it('applies an event signed with the secret read from DATA_DIR and refuses the old constant', async () => {
    const dataDir = join(tmp, 'pglite');
    // DATABASE_URL '' forces the embedded database on the PostgreSQL run too.
    const server = await startTestServer({ env: { DATA_DIR: dataDir, DATABASE_URL: '', STRIPE_WEBHOOK_SECRET: '' } });
    try {
      const secret = readFileSync(join(dataDir, SIM_WEBHOOK_SECRET_FILE), 'utf8').trim();
      const pi = unique('pi');
      const res = await deliver(server, succeeded(pi), secret);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, applied: true });
      expect(await eventsFor(server, pi)).toHaveLength(1);

      const forged = unique('pi');
      expect((await deliver(server, succeeded(forged), OLD_PUBLIC_SECRET)).status).toBe(400);
      expect(await eventsFor(server, forged)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
