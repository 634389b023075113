import type { AwardOffer } from '../../tools/_kit/providers.js';

// A fixed day of award space, shaped like what seats.aero (and our simulator)
// reports for JFK–LHR in business: 30 options across 16 sources, several per
// programme, one in Canadian dollars, one source we do not map. The benchmark
// routes the same list every time, so runs compare.

type Row = [source: string, miles: number, taxes: number, seats: number | null, direct: boolean, airlines: string, currency?: string];

const ROWS: readonly Row[] = [
  ['alaska', 45000, 35.6, 4, true, 'AA'],
  ['alaska', 60000, 235.6, 2, false, 'AA,BA'],
  ['etihad', 50000, 35.6, 2, false, 'KL'],
  ['flyingblue', 50000, 35.6, 3, true, 'VS'],
  ['flyingblue', 50000, 185.6, 3, false, 'KL'],
  ['flyingblue', 72500, 185.6, 5, true, 'AF'],
  ['virginatlantic', 50000, 35.6, 1, true, 'DL'],
  ['virginatlantic', 50000, 185.6, 1, false, 'AF'],
  ['virginatlantic', 57500, 635.6, 4, true, 'VS'],
  ['qatar', 55000, 35.6, 1, false, 'AA'],
  ['qatar', 70000, 35.6, 1, false, 'AA,IB'],
  ['american', 57500, 35.6, null, false, 'AA'],
  ['american', 57500, 485.6, null, false, 'IB'],
  ['qantas', 60000, 335.6, null, true, 'BA'],
  ['qantas', 75000, 335.6, null, false, 'AA,BA'],
  ['connectmiles', 60000, 35.6, null, false, 'AC'],
  ['azul', 60000, 35.6, null, false, 'TP'],
  ['eurobonus', 60000, 35.6, 3, true, 'VS'],
  ['aeroplan', 60000, 48.77, null, false, 'AC', 'CAD'],
  ['aeroplan', 70000, 148.77, null, false, 'LH', 'CAD'],
  ['delta', 153000, 35.6, 1, true, 'DL'],
  ['delta', 71000, 35.6, 3, true, 'DL'],
  ['aeromexico', 75000, 35.6, 4, false, 'DL,AF'],
  ['jetblue', 110100, 35.6, 1, true, 'B6'],
  ['jetblue', 92000, 35.6, 3, false, 'B6'],
  ['united', 210000, 35.6, 3, false, 'UA'],
  ['united', 244000, 35.6, 1, false, 'UA'],
  ['turkish', 45000, 35.6, 2, false, 'TK'],
  ['singapore', 66000, 135.6, 2, false, 'SQ'],
  ['unmapped_source', 70000, 30, 2, false, 'XX'],
];

export function awardFixtures(date: string, observedAt: string): AwardOffer[] {
  return ROWS.map(([source, miles, taxes, seats, direct, airlines, currency], i) => ({
    provider: 'seats_aero',
    program: source,
    cabin: 'business',
    miles,
    taxes: { amount: taxes, currency: currency ?? 'USD' },
    seatsRemaining: seats,
    origin: 'JFK',
    destination: 'LHR',
    date,
    direct,
    airlines: airlines.split(','),
    slices: [],
    availabilityId: `bench_${i}`,
    observedAt,
  }));
}
