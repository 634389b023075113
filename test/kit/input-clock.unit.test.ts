import { describe, expect, it } from 'vitest';
import { ToolError } from '../../tools/_kit/errors.js';
import { parseToolInput } from '../../tools/_kit/invoke.js';
import { farePredictionTool } from '../../tools/fares/predict.js';
import { saveTravelerTool } from '../../tools/travelers/save-traveler.js';
import { inputNow } from '../../tools/_kit/input-clock.js';

// "In the past" inside input schemas is judged by the clock the call brings (services.clock),
// so a test (or a replay) that freezes time gets the same answer on any day it runs.

const at = (iso: string) => () => new Date(iso);
const predict = (date: string, clock: () => Date) => parseToolInput(farePredictionTool, { origin: 'JFK', destination: 'LHR', departure_date: date, current_price: 400 }, undefined, clock);

function issuesOf(run: () => unknown): string[] {
  try {
    run();
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ToolError);
    return ((err as ToolError).issues ?? []).map((i) => `${i.loc.join('.')}: ${i.msg}`);
  }
}

describe('input checks read the call clock', () => {
  it('a departure date is past or future by the call clock, not the wall clock', () => {
    // 2031-03-10 is in the future today; on a clock set to 2031-06-01 it is in the past.
    expect(issuesOf(() => predict('2031-03-10', at('2031-06-01T12:00:00Z')))).toEqual([expect.stringContaining('Date is in the past: today at JFK is 2031-06-01')]);
    expect(issuesOf(() => predict('2031-03-10', at('2031-03-01T12:00:00Z')))).toEqual([]);
  });

  it('judges "today" at the origin by the call clock (JFK is still on the 1st at 02:00 UTC on the 2nd)', () => {
    expect(issuesOf(() => predict('2031-03-01', at('2031-03-02T02:00:00Z')))).toEqual([]);
    expect(issuesOf(() => predict('2031-03-01', at('2031-03-02T06:00:00Z')))).toHaveLength(1);
  });

  it('a date of birth must be in the past on the call clock', () => {
    const traveler = (dob: string) => ({ first_name: 'Ada', last_name: 'Lovelace', dob: dob });
    expect(issuesOf(() => parseToolInput(saveTravelerTool, traveler('2030-05-01'), undefined, at('2031-01-01T00:00:00Z'))).filter((i) => i.startsWith('dob'))).toEqual([]);
    expect(issuesOf(() => parseToolInput(saveTravelerTool, traveler('2030-05-01'), undefined, at('2030-01-01T00:00:00Z'))).filter((i) => i.startsWith('dob'))).toEqual(['dob: Must be in the past']);
  });

  it('outside a call, and after one, "now" is the wall clock again', () => {
    predict('2031-03-10', at('2031-03-01T12:00:00Z'));
    expect(Math.abs(inputNow().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
