import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SweetSpot } from '../../tools/points/data/types.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext } from '../kit/test-context.js';
import { bodyOf, restClient, type RestClient } from '../helpers/rest-in-process.js';

// GET /api/points/sweetspots (in process, anonymous) on the bundled dataset, on a file
// of our own, and on a missing and a malformed SWEETSPOTS_FILE (settings.sweetSpotsFile),
// which must give 200 and an empty list.

interface SweetSpotsOut {
  sweet_spots: { id: string; program: string; cpp: number; miles: number; taxes_usd: number; typical_cash_usd: number }[];
  count: number;
  as_of: string | null;
}

const dir = mkdtempSync(join(tmpdir(), 'sweetspots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spot = (id: string, cpp: number): SweetSpot => ({
  id, title: `Spot ${id}`, program: 'aeroplan', route: 'US to Europe, business, one way', cabin: 'business',
  miles: 60_000, taxesUsd: 50, typicalCashUsd: 50 + (cpp * 60_000) / 100, cpp, notes: 'test',
});

/** The API as it is with SWEETSPOTS_FILE set to `file`. */
const withFile = (file: string): RestClient => restClient(testContext({ principal: ANONYMOUS, settings: { sweetSpotsFile: file } }));

async function sweetSpots(api: RestClient, query = ''): Promise<SweetSpotsOut> {
  return bodyOf<SweetSpotsOut>(await api.get(`/api/points/sweetspots${query}`));
}

describe('GET /api/points/sweetspots on the bundled dataset', () => {
  const api = restClient(testContext({ principal: ANONYMOUS }));

  it('answers 10 by default, highest cpp first, with the dataset date', async () => {
    const out = await sweetSpots(api);
    expect(out.count).toBe(10);
    expect(out.sweet_spots).toHaveLength(10);
    const cpps = out.sweet_spots.map((s) => s.cpp);
    expect(cpps).toEqual([...cpps].sort((a, b) => b - a));
    expect(out.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const s of out.sweet_spots) expect(s.cpp).toBeCloseTo(((s.typical_cash_usd - s.taxes_usd) / s.miles) * 100, 1);
  });

  it('honours limit, and the first entries are the same whatever the limit', async () => {
    const three = await sweetSpots(api, '?limit=3');
    const ten = await sweetSpots(api, '?limit=10');
    expect(three.count).toBe(3);
    expect(three.sweet_spots.map((s) => s.id)).toEqual(ten.sweet_spots.slice(0, 3).map((s) => s.id));
  });

  it.each(['0', '51', '-1', 'ten', '2.5'])('answers 422 for limit=%s', async (limit) => {
    const res = await api.get(`/api/points/sweetspots?limit=${limit}`);
    expect(res.status).toBe(422);
    const { detail } = res.body as { detail: { loc: (string | number)[] }[] };
    expect(detail[0]?.loc).toEqual(['query', 'limit']);
  });
});

describe('GET /api/points/sweetspots with SWEETSPOTS_FILE', () => {
  it('reads the file given, sorted by cpp', async () => {
    const file = join(dir, 'custom.json');
    writeFileSync(file, JSON.stringify({ asOf: '2031-01-02', sources: ['test'], items: [spot('low', 1.1), spot('high', 4.2), spot('mid', 2.5)] }));
    const out = await sweetSpots(withFile(file), '?limit=50');
    expect(out.sweet_spots.map((s) => s.id)).toEqual(['high', 'mid', 'low']);
    expect(out.count).toBe(3);
    expect(out.as_of).toBe('2031-01-02');
  });

  it('answers 200 and an empty list when the file does not exist', async () => {
    const out = await sweetSpots(withFile(join(dir, 'no-such-file.json')));
    expect(out.sweet_spots).toEqual([]);
    expect(out.count).toBe(0);
  });

  it.each([
    ['is not JSON', '{"asOf": "2030-01-01", "items": [ {"id": '],
    ['has the wrong shape', JSON.stringify({ asOf: '2030-01-01', items: [{ id: 'x', cpp: 'lots' }] })],
    ['is a bare string', '"sweet"'],
  ])('answers 200 and an empty list when the file %s', async (_what, text) => {
    const file = join(dir, `bad-${_what.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, text);
    const out = await sweetSpots(withFile(file));
    expect(out).toEqual({ sweet_spots: [], count: 0, as_of: null });
  });
});
