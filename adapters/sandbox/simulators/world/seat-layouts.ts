import { AIRCRAFT as A } from './aircraft.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { SeatLayout, SeatLayoutCabin } from './types.js';

// Cabin layouts per aircraft type, one typical configuration each (airlines vary;
// seats.ts adapts a layout to what a carrier sells). Letters with "|" for aisles,
// skipping I as airlines do. Row counts are typical of recent deliveries.

/** A380 upper-deck cabins carry deck 1; everything else is the main deck. */
export interface WorldSeatLayoutCabin extends SeatLayoutCabin {
  deck?: 0 | 1;
}

function cabin(cabinClass: CabinClass, letters: string, firstRow: number, lastRow: number, exitRows: number[] = [], premiumRows: number[] = [], deck?: 0 | 1): WorldSeatLayoutCabin {
  return Object.freeze({ cabinClass, letters, firstRow, lastRow, exitRows: Object.freeze(exitRows), premiumRows: Object.freeze(premiumRows), ...(deck === undefined ? {} : { deck }) });
}

function layout(aircraft: string, ...cabins: WorldSeatLayoutCabin[]): SeatLayout {
  return Object.freeze({ aircraft, cabins: Object.freeze(cabins) });
}

// Narrowbodies: a 2-2 front cabin (sold as business, or first on US domestic) then 3-3.
const narrow = (aircraft: string, businessRows: number, lastRow: number, exits: number[]) =>
  layout(aircraft,
    cabin('business', 'AC|DF', 1, businessRows),
    cabin('economy', 'ABC|DEF', businessRows + 1, lastRow, exits, [businessRows + 1, businessRows + 2, businessRows + 3, ...exits]));

const regional = (aircraft: string, businessRows: number, lastRow: number, exit: number, business = 'A|CD', economy = 'AB|CD') =>
  layout(aircraft,
    cabin('business', business, 1, businessRows),
    cabin('economy', economy, businessRows + 1, lastRow, [exit], [businessRows + 1, businessRows + 2, exit]));

const LAYOUTS: readonly SeatLayout[] = [
  regional(A.E175, 4, 20, 12),
  regional(A.CRJ900, 3, 20, 14),
  regional(A.E190, 3, 25, 13, 'AC|DF', 'AC|DF'),
  layout(A.A220,
    cabin('business', 'AC|DF', 1, 3),
    cabin('economy', 'AC|DEF', 4, 30, [11, 12], [4, 5, 6, 11, 12])),
  narrow(A.A320N, 4, 30, [12, 13]),
  narrow(A.A321N, 5, 36, [11, 25]),
  narrow(A.A321LR, 4, 30, [11, 24]),
  layout(A.A321XLR,
    cabin('business', 'A|F', 1, 10),
    cabin('premium_economy', 'AC|DF', 11, 13, [], [11]),
    cabin('economy', 'ABC|DEF', 14, 34, [21], [14, 15, 21])),
  narrow(A.B738, 4, 30, [14, 15]),
  narrow(A.B38M, 4, 31, [14, 15]),
  narrow(A.B39M, 5, 33, [15, 16]),
  layout(A.B788,
    cabin('business', 'A|EF|K', 1, 6),
    cabin('premium_economy', 'AC|DEF|HK', 10, 12, [], [10]),
    cabin('economy', 'ABC|DEF|HJK', 20, 40, [20, 31], [20, 21, 31])),
  layout(A.B789,
    cabin('business', 'A|EF|K', 1, 8),
    cabin('premium_economy', 'AC|DEF|HK', 20, 23, [], [20]),
    cabin('economy', 'ABC|DEF|HJK', 30, 56, [30, 43], [30, 31, 43])),
  layout(A.A333,
    cabin('business', 'A|EF|K', 1, 7),
    cabin('economy', 'AC|DEFG|HK', 10, 40, [10, 25], [10, 11, 25])),
  layout(A.A359,
    cabin('business', 'A|DG|K', 1, 10),
    cabin('premium_economy', 'AC|DEFG|HK', 20, 23, [], [20]),
    cabin('economy', 'ABC|DEF|HJK', 30, 55, [30, 44], [30, 31, 44])),
  layout(A.B77W,
    cabin('first', 'A|EF|K', 1, 2),
    cabin('business', 'A|EF|K', 5, 14),
    cabin('premium_economy', 'AC|DEFG|HK', 20, 23, [], [20]),
    cabin('economy', 'ABC|DEFG|HJK', 30, 53, [30, 41], [30, 31, 41])),
  layout(A.A388,
    cabin('first', 'A|EF|K', 1, 4, [], [], 1),
    cabin('business', 'A|EF|K', 6, 23, [], [], 1),
    cabin('premium_economy', 'AC|DEFG|HK', 30, 35, [], [30], 0),
    cabin('economy', 'ABC|DEFG|HJK', 43, 80, [43, 58], [43, 44, 58], 0)),
];

export const SEAT_LAYOUTS: ReadonlyMap<string, SeatLayout> = new Map(LAYOUTS.map((l) => [l.aircraft, l]));

export const DEFAULT_LAYOUT_AIRCRAFT = A.A320N;
