import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AWARD_PROGRAMS } from '../../adapters/sandbox/simulators/world/award-programs.js';
import { AIRPORTS } from '../../tools/_kit/reference/airports.js';
import { AWARD_PRICES } from '../../tools/points/data/award-prices.js';
import { TRANSFER_BONUSES } from '../../tools/points/data/bonuses.js';
import { BUNDLED_DATASETS, checkDatasets, loadSweetSpots, readSweetSpotsFile } from '../../tools/points/data/load.js';
import { PROGRAMS } from '../../tools/points/data/programs.js';
import { regionOf, regionOfCountry } from '../../tools/points/data/regions.js';
import { TRANSFERS } from '../../tools/points/data/transfers.js';
import type { SweetSpot, TransferEdge } from '../../tools/points/data/types.js';

// The committed points datasets: they validate, they refer to each other
// correctly, they carry the well-known facts, and the sweet-spot loader fails
// closed (an empty list) on anything malformed.

const dir = mkdtempSync(join(tmpdir(), 'points-datasets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const programIds = new Set(PROGRAMS.items.map((p) => p.id));
const kindOf = (id: string) => PROGRAMS.items.find((p) => p.id === id)?.kind;

function edge(from: string, to: string): TransferEdge {
  const found = TRANSFERS.items.find((e) => e.from === from && e.to === to);
  if (!found) throw new Error(`no edge ${from} -> ${to}`);
  return found;
}

/** Points received for `sent` points, block bonus included. */
const received = (e: TransferEdge, sent: number) => Math.round(sent * e.ratio) + (e.blockBonus ? Math.floor(sent / e.blockBonus.per) * e.blockBonus.bonus : 0);

const spot = (over: Partial<Record<keyof SweetSpot, unknown>> = {}) => ({
  id: 'x', title: 'X', program: 'aeroplan', route: 'US to Europe, business, one way', cabin: 'business',
  miles: 60_000, taxesUsd: 100, typicalCashUsd: 4000, cpp: 6.5, notes: '', ...over,
});

describe('dataset validation', () => {
  it('finds no problem in the bundled datasets, sweet spots included', async () => {
    const sweetSpots = await readSweetSpotsFile();
    expect(checkDatasets({ ...BUNDLED_DATASETS, sweetSpots })).toEqual([]);
  });

  it('reports broken references, shapes and dates', () => {
    const problems = checkDatasets({
      programs: { ...PROGRAMS, items: [...PROGRAMS.items, { ...PROGRAMS.items[0]!, name: 'again' }] },
      transfers: { ...TRANSFERS, items: [...TRANSFERS.items, { ...edge('chase_ur', 'world_of_hyatt'), to: 'nowhere_club' }, { ...edge('amex_mr', 'delta_skymiles'), ratio: -1, from: 'citi_typ' }] },
      bonuses: { ...TRANSFER_BONUSES, items: [{ from: 'chase_ur', to: 'delta_skymiles', percent: 30, start: '2026-12-01', end: '2026-11-01' }] },
      awardPrices: { ...AWARD_PRICES, items: [{ ...AWARD_PRICES.items[0]!, program: 'world_of_hyatt' }, { ...AWARD_PRICES.items[0]!, program: 'ghost_air' }] },
    });
    expect(problems).toEqual(expect.arrayContaining([
      'programs: duplicate id amex_mr',
      'transfers: chase_ur->nowhere_club to unknown programme',
      'bonuses: chase_ur->delta_skymiles has no transfer edge',
      'awardPrices: world_of_hyatt is not an airline programme',
      'awardPrices: unknown programme ghost_air',
    ]));
    expect(problems.some((p) => p.startsWith('transfers.items.') && p.includes('ratio'))).toBe(true);
    expect(problems.some((p) => p.startsWith('bonuses.items.0.end') && p.includes('start after end'))).toBe(true);
  });

  it('rejects an impossible calendar date', () => {
    const problems = checkDatasets({ ...BUNDLED_DATASETS, bonuses: { ...TRANSFER_BONUSES, items: [{ from: 'amex_mr', to: 'flying_blue', percent: 25, start: '2026-02-30', end: '2026-03-01' }] } });
    expect(problems.some((p) => p.startsWith('bonuses.items.0.start'))).toBe(true);
  });
});

describe('programmes', () => {
  it('has the six bank currencies, ~30 airline programmes and the hotel programmes', () => {
    expect(PROGRAMS.items.filter((p) => p.kind === 'bank').map((p) => p.id).sort())
      .toEqual(['amex_mr', 'bilt', 'capital_one', 'chase_ur', 'citi_typ', 'wells_fargo']);
    expect(PROGRAMS.items.filter((p) => p.kind === 'airline').length).toBeGreaterThanOrEqual(28);
    const duffel = PROGRAMS.items.filter((p) => p.duffelReference).map((p) => p.duffelReference).sort();
    expect(duffel).toEqual(['accor_live_limitless', 'hilton_honors', 'ihg_one_rewards', 'marriott_bonvoy', 'world_of_hyatt']);
  });

  it('maps every programme our award provider reports to one of ours', () => {
    const sources = new Map(PROGRAMS.items.flatMap((p) => (p.seatsAeroSource ? [[p.seatsAeroSource, p.id] as const] : [])));
    for (const { slug } of AWARD_PROGRAMS) expect(sources.has(slug), slug).toBe(true);
    expect(sources.get('united')).toBe('united_mileageplus');
    expect(sources.get('flyingblue')).toBe('flying_blue');
    expect(sources.get('lifemiles')).toBe('avianca_lifemiles');
  });

  it('values points in the usual ranges', () => {
    const cpp = (id: string) => PROGRAMS.items.find((p) => p.id === id)?.referenceCpp;
    expect(cpp('chase_ur')).toBeGreaterThanOrEqual(1.7);
    expect(cpp('chase_ur')).toBeLessThanOrEqual(2.0);
    expect(cpp('world_of_hyatt')).toBe(1.7);
    expect(cpp('hilton_honors')).toBe(0.5);
    expect(cpp('marriott_bonvoy')).toBe(0.8);
    for (const p of PROGRAMS.items) expect(p.referenceCpp, p.id).toBeLessThan(2.5);
  });
});

describe('transfer edges', () => {
  it('join existing programmes, leave banks only outward, and give every bank partners', () => {
    for (const e of TRANSFERS.items) {
      expect(programIds.has(e.from), e.from).toBe(true);
      expect(programIds.has(e.to), e.to).toBe(true);
      expect(kindOf(e.to), `${e.from}->${e.to}`).not.toBe('bank');
      expect(e.minimum, `${e.from}->${e.to} steps`).toBeGreaterThanOrEqual(e.increment);
    }
    for (const bank of ['amex_mr', 'chase_ur', 'citi_typ', 'capital_one', 'bilt', 'wells_fargo']) {
      expect(TRANSFERS.items.filter((e) => e.from === bank).length, bank).toBeGreaterThanOrEqual(6);
    }
  });

  it('carries the well-known ratios', () => {
    expect(edge('chase_ur', 'world_of_hyatt').ratio).toBe(1);
    expect(edge('amex_mr', 'hilton_honors').ratio).toBe(2);
    expect(edge('amex_mr', 'marriott_bonvoy').ratio).toBe(1);
    expect(edge('capital_one', 'emirates_skywards').ratio).toBe(0.75);
    expect(edge('citi_typ', 'choice_privileges').ratio).toBe(2);
    expect(edge('bilt', 'alaska_mileage_plan').ratio).toBe(1);
    expect(edge('amex_mr', 'jetblue_trueblue')).toMatchObject({ ratio: 0.8, minimum: 250, increment: 250 });
    expect(TRANSFERS.items.some((e) => e.from === 'chase_ur' && e.to === 'emirates_skywards')).toBe(false);
  });

  it('converts Marriott 3:1 with 5,000 bonus miles per 60,000, and United 10 % more instead', () => {
    const marriott = TRANSFERS.items.filter((e) => e.from === 'marriott_bonvoy' && kindOf(e.to) === 'airline');
    expect(marriott.length).toBeGreaterThanOrEqual(20);
    for (const to of ['aeroplan', 'american_aadvantage', 'alaska_mileage_plan', 'british_airways', 'turkish_miles_smiles']) {
      const e = edge('marriott_bonvoy', to);
      expect(e.ratio).toBeCloseTo(1 / 3, 10);
      expect(e.blockBonus).toEqual({ per: 60_000, bonus: 5000 });
      expect(received(e, 60_000)).toBe(25_000);
    }
    const united = edge('marriott_bonvoy', 'united_mileageplus');
    expect(united.blockBonus).toBeUndefined();
    expect(received(united, 60_000)).toBe(22_000);
  });

  it('lets Avios move 1:1 between the programmes that share it', () => {
    expect(edge('british_airways', 'qatar_privilege_club')).toMatchObject({ ratio: 1, transferTime: 'instant' });
    expect(edge('iberia_avios', 'british_airways').ratio).toBe(1);
  });
});

describe('transfer bonuses', () => {
  const activeOn = (day: string) => TRANSFER_BONUSES.items.filter((b) => b.start <= day && day <= b.end);

  it('name existing edges', () => {
    const edges = new Set(TRANSFERS.items.map((e) => `${e.from}->${e.to}`));
    for (const b of TRANSFER_BONUSES.items) expect(edges.has(`${b.from}->${b.to}`), `${b.from}->${b.to}`).toBe(true);
  });

  it('has at least three running on 2026-11-21 and on every day of the four weeks after', () => {
    for (let t = Date.parse('2026-11-21T00:00:00Z'); t <= Date.parse('2026-12-19T00:00:00Z'); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(activeOn(day).length, day).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps past and future promotions too', () => {
    expect(TRANSFER_BONUSES.items.some((b) => b.end < '2026-11-21')).toBe(true);
    expect(TRANSFER_BONUSES.items.some((b) => b.start > '2026-11-21')).toBe(true);
  });
});

describe('award prices', () => {
  it('belong to existing airline programmes', () => {
    for (const p of AWARD_PRICES.items) expect(kindOf(p.program), p.program).toBe('airline');
  });

  it('give dynamic rows a usual high and keep distance bands of one route apart', () => {
    for (const p of AWARD_PRICES.items.filter((x) => x.pricing === 'dynamic')) expect(p.milesHigh, `${p.program} ${p.fromRegion}-${p.toRegion}`).toBeDefined();
    const banded = AWARD_PRICES.items.filter((p) => p.distanceBand);
    for (const a of banded) {
      for (const b of banded) {
        if (a === b || a.program !== b.program || a.fromRegion !== b.fromRegion || a.toRegion !== b.toRegion) continue;
        const overlap = a.distanceBand!.min <= b.distanceBand!.max && b.distanceBand!.min <= a.distanceBand!.max;
        expect(overlap, `${a.program} ${a.fromRegion}-${a.toRegion}`).toBe(false);
      }
    }
  });

  it('carries the well-known levels and hold policies', () => {
    const price = (program: string, from: string, to: string, miles = 3500) => AWARD_PRICES.items.find((p) => p.program === program && p.fromRegion === from && p.toRegion === to && (!p.distanceBand || (miles >= p.distanceBand.min && miles <= p.distanceBand.max)));
    expect(price('iberia_avios', 'north_america', 'europe')?.miles.business).toBe(34_000);
    expect(price('american_aadvantage', 'north_america', 'europe')?.miles.business).toBe(57_500);
    expect(price('virgin_atlantic', 'north_america', 'north_asia', 5400)?.miles.first).toBe(72_500);
    expect(price('aeroplan', 'north_america', 'europe')?.miles.business).toBe(60_000);
    expect(price('aeroplan', 'north_america', 'europe')?.hold?.possible).toBe(false);
    expect(price('flying_blue', 'north_america', 'europe')?.hold?.possible).toBe(false);
    expect(price('singapore_krisflyer', 'north_america', 'southeast_asia')?.hold?.possible).toBe(true);
    expect(price('virgin_atlantic', 'north_america', 'europe')?.hold?.possible).toBe(true);
    // British Airways passes on far larger surcharges than United on the same crossing.
    expect(price('british_airways', 'north_america', 'europe')!.typicalTaxesUsd.business!).toBeGreaterThan(price('united_mileageplus', 'north_america', 'europe')!.typicalTaxesUsd.business! * 4);
  });
});

describe('regions', () => {
  it.each([
    ['JFK', 'north_america'], ['HNL', 'north_america'], ['MEX', 'north_america'], ['PTY', 'central_america'], ['SJU', 'caribbean'],
    ['GRU', 'south_america'], ['LHR', 'europe'], ['IST', 'europe'], ['DXB', 'middle_east'], ['CAI', 'africa'], ['DEL', 'south_asia'],
    ['NRT', 'north_asia'], ['HKG', 'north_asia'], ['SIN', 'southeast_asia'], ['SYD', 'oceania'], ['GUM', 'oceania'],
  ])('places %s in %s', (iata, region) => {
    expect(regionOf(iata)).toBe(region);
  });

  it('is undefined for an unknown airport and places every country the places dataset has', () => {
    expect(regionOf('QQQ')).toBeUndefined();
    expect(regionOfCountry('zz')).toBeUndefined();
    expect(regionOfCountry('gb')).toBe('europe');
    const unplaced = [...new Set(AIRPORTS.map((a) => a.country))].filter((c) => regionOfCountry(c) === undefined);
    expect(unplaced).toEqual([]);
  });
});

describe('sweet spots', () => {
  it('bundles 25-40 sweet spots whose cpp is (cash - taxes) / miles × 100', async () => {
    const dataset = await readSweetSpotsFile();
    expect(dataset.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dataset.sources.length).toBeGreaterThan(0);
    expect(dataset.items.length).toBeGreaterThanOrEqual(25);
    expect(dataset.items.length).toBeLessThanOrEqual(40);
    for (const s of dataset.items) {
      expect(Math.abs(s.cpp - ((s.typicalCashUsd - s.taxesUsd) / s.miles) * 100), s.id).toBeLessThanOrEqual(0.005);
      expect(programIds.has(s.program), s.program).toBe(true);
    }
    expect(dataset.items.map((s) => s.id)).toContain('vs-ana-first-west');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'sweet spots'],
    ['an array', [spot()]],
    ['no items', { asOf: '2026-01-01', sources: [] }],
    ['a non-numeric cpp', { asOf: '2026-01-01', sources: [], items: [spot({ cpp: 'lots' })] }],
    ['negative miles', { asOf: '2026-01-01', sources: [], items: [spot({ miles: -5 })] }],
    ['an unknown cabin', { asOf: '2026-01-01', sources: [], items: [spot({ cabin: 'suite' })] }],
    ['a missing title', { asOf: '2026-01-01', sources: [], items: [{ ...spot(), title: undefined }] }],
    ['one bad item among good ones', { asOf: '2026-01-01', sources: [], items: [spot(), spot({ id: 'y', taxesUsd: 'some' })] }],
    ['a bad asOf', { asOf: 'yesterday', sources: [], items: [spot()] }],
  ])('loadSweetSpots gives [] for %s', (_what, raw) => {
    expect(loadSweetSpots(raw)).toEqual([]);
  });

  it('loadSweetSpots returns the items of a well-formed document', () => {
    expect(loadSweetSpots({ asOf: '2026-01-01', sources: ['test'], items: [spot(), spot({ id: 'y' })] }).map((s) => s.id)).toEqual(['x', 'y']);
  });

  it('readSweetSpotsFile reads a given file, and gives the empty dataset when it is missing or not JSON', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ asOf: '2030-05-06', sources: ['test'], items: [spot()] }));
    const read = await readSweetSpotsFile(good);
    expect(read.asOf).toBe('2030-05-06');
    expect(read.items.map((s) => s.id)).toEqual(['x']);

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"asOf": "2030-05-06", "items": [');
    expect((await readSweetSpotsFile(broken)).items).toEqual([]);
    expect(await readSweetSpotsFile(join(dir, 'missing.json'))).toEqual({ asOf: '', sources: [], items: [] });
  });
});
