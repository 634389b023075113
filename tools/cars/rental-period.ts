import { ToolError, type ValidationIssue } from '../_kit/errors.js';
import { formatZoned, zonedToInstant } from '../_kit/zoned-time.js';

// A rental's period: local pick-up and drop-off times made instants by the
// places' time zones, checked, and counted in rental days the way suppliers
// bill them (24-hour periods; a return up to 29 minutes late is not another
// day, the grace Hertz, Avis and Enterprise publish).

export const MAX_RENTAL_DAYS = 60;
/** Suppliers load rates about a year ahead. */
export const MAX_DAYS_AHEAD = 365;
const GRACE_MIN = 29;
const DAY_MS = 86_400_000;

export interface RentalPeriod {
  /** Local times with offset, e.g. 2026-03-01T10:00:00-05:00. */
  pickUpAt: string;
  dropOffAt: string;
  /** As sent, local YYYY-MM-DDTHH:MM. */
  pickUpLocal: string;
  dropOffLocal: string;
  days: number;
}

export function rentalDays(pickUpMs: number, dropOffMs: number): number {
  const minutes = Math.round((dropOffMs - pickUpMs) / 60_000);
  return Math.max(1, Math.ceil((minutes - GRACE_MIN) / 1440));
}

function invalid(loc: string[], msg: string): ToolError {
  const issue: ValidationIssue = { loc: ['body', ...loc], msg, type: 'value_error' };
  return new ToolError('VALIDATION_FAILED', msg, { issues: [issue] });
}

export function rentalPeriod(pickUp: { at: string; timeZone: string }, dropOff: { at: string; timeZone: string }, now: Date): RentalPeriod {
  const start = zonedToInstant(pickUp.at, pickUp.timeZone);
  const end = zonedToInstant(dropOff.at, dropOff.timeZone);
  if (start.getTime() <= now.getTime()) throw invalid(['pick_up', 'at'], 'The pick-up time has passed (it is read as local time at the pick-up place)');
  if (start.getTime() > now.getTime() + MAX_DAYS_AHEAD * DAY_MS) throw invalid(['pick_up', 'at'], `Pick-up can be at most ${MAX_DAYS_AHEAD} days ahead`);
  if (end.getTime() <= start.getTime()) throw invalid(['drop_off', 'at'], 'Drop-off must be after pick-up');
  if (end.getTime() - start.getTime() > MAX_RENTAL_DAYS * DAY_MS) throw invalid(['drop_off', 'at'], `A rental can last at most ${MAX_RENTAL_DAYS} days`);
  return {
    pickUpAt: formatZoned(start, pickUp.timeZone),
    dropOffAt: formatZoned(end, dropOff.timeZone),
    pickUpLocal: pickUp.at,
    dropOffLocal: dropOff.at,
    days: rentalDays(start.getTime(), end.getTime()),
  };
}
