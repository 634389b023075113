import { intToLetters, lettersToInt, packId, unpackId } from './packed-id.js';

// Rate ids for the cars simulator. A rate id carries the rental it prices
// (airports, local times, driver), which brand, class and payment type, and the
// search's time bucket, packed with a checksum: POST /cars/quotes needs no memory
// of past searches, as the flights simulator's offer ids do.

const DAY_MS = 86_400_000;

export interface RateRef {
  pickup: string;
  dropoff: string;
  /** Local YYYY-MM-DDTHH:MM at each airport. */
  pickupLocal: string;
  dropoffLocal: string;
  driverAge: number;
  residence: string;
  supplierIndex: number;
  fleetIndex: number;
  prepaid: boolean;
  /** 15-minute time bucket of the search. */
  bucket: number;
}

const FIELDS = [
  ['pickup', 15],
  ['dropoff', 15],
  ['pickupDay', 16],
  ['pickupMinute', 11],
  ['dropoffDay', 16],
  ['dropoffMinute', 11],
  ['driverAge', 7],
  ['residence', 10],
  ['supplierIndex', 4],
  ['fleetIndex', 5],
  ['prepaid', 1],
  ['bucket', 24],
] as const;
const RATE_ID = { prefix: 'rae', kind: 'car-rate', fields: FIELDS } as const;

function splitLocal(local: string): { day: number; minute: number } {
  const day = Math.floor(Date.parse(`${local.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  return { day, minute: Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)) };
}

function joinLocal(day: number, minute: number): string {
  const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export function encodeRateId(seed: string, ref: RateRef): string {
  const pickup = splitLocal(ref.pickupLocal);
  const dropoff = splitLocal(ref.dropoffLocal);
  return packId(RATE_ID, seed, {
    pickup: lettersToInt(ref.pickup),
    dropoff: lettersToInt(ref.dropoff),
    pickupDay: pickup.day,
    pickupMinute: pickup.minute,
    dropoffDay: dropoff.day,
    dropoffMinute: dropoff.minute,
    driverAge: ref.driverAge,
    residence: lettersToInt(ref.residence),
    supplierIndex: ref.supplierIndex,
    fleetIndex: ref.fleetIndex,
    prepaid: ref.prepaid ? 1 : 0,
    bucket: ref.bucket,
  });
}

/** The ref inside a rate id, or null when the id is not one of ours (garbled, another seed). */
export function decodeRateId(seed: string, id: string): RateRef | null {
  const values = unpackId(RATE_ID, seed, id);
  if (!values) return null;
  const pickup = intToLetters(values.pickup, 3);
  const dropoff = intToLetters(values.dropoff, 3);
  const residence = intToLetters(values.residence, 2);
  if (!pickup || !dropoff || !residence || values.pickupMinute >= 1_440 || values.dropoffMinute >= 1_440) return null;
  return {
    pickup,
    dropoff,
    pickupLocal: joinLocal(values.pickupDay, values.pickupMinute),
    dropoffLocal: joinLocal(values.dropoffDay, values.dropoffMinute),
    driverAge: values.driverAge,
    residence,
    supplierIndex: values.supplierIndex,
    fleetIndex: values.fleetIndex,
    prepaid: values.prepaid === 1,
    bucket: values.bucket,
  };
}
