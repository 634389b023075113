import { describe, expect, it } from 'vitest';
import { localDate } from '../../tools/flights/search-input.js';

// localDate remembers the last minute per time zone; the date must still turn at
// local midnight exactly, in zones whose offset is not whole hours too, and in
// whatever order times are asked about (tests and calendars move the clock back).

const at = (iso: string) => new Date(iso);

describe('localDate', () => {
  it('turns at local midnight to the millisecond, asked in any order', () => {
    // New York in February is UTC-5.
    expect(localDate('JFK', at('2027-02-10T04:59:59.999Z'))).toBe('2027-02-09');
    expect(localDate('JFK', at('2027-02-10T05:00:00.000Z'))).toBe('2027-02-10');
    expect(localDate('JFK', at('2027-02-10T04:59:00.000Z'))).toBe('2027-02-09');
    expect(localDate('JFK', at('2027-02-10T04:59:59.999Z'))).toBe('2027-02-09');
    expect(localDate('JFK', at('2027-02-10T05:00:30.000Z'))).toBe('2027-02-10');
  });

  it('keeps zones apart and handles offsets of 45 minutes', () => {
    // Kathmandu is UTC+05:45: local midnight is 18:15 UTC.
    expect(localDate('KTM', at('2027-02-09T18:14:59.999Z'))).toBe('2027-02-09');
    expect(localDate('LHR', at('2027-02-09T18:14:59.999Z'))).toBe('2027-02-09');
    expect(localDate('KTM', at('2027-02-09T18:15:00.000Z'))).toBe('2027-02-10');
    expect(localDate('LHR', at('2027-02-09T18:15:00.000Z'))).toBe('2027-02-09');
    expect(localDate('SYD', at('2027-02-09T18:15:00.000Z'))).toBe('2027-02-10');
  });
});
