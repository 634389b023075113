import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { HistoryCsvError, parseHistoryCsv } from '../../tools/fares/history/csv.js';
import { runBacktest, type BacktestResult, type Calibration } from '../../tools/fares/prediction/backtest.js';
import { formatReport } from '../../tools/fares/prediction/report.js';

// The backtest on the committed simulated history: it reports accuracy and
// savings, its measurements are exactly the committed calibration (so the
// confidence the live tool states cannot drift from what was measured), and the
// CLI takes any CSV in the documented format, rejecting bad rows by line.

const HISTORY = 'tools/fares/history/simulated.csv';
const run = promisify(execFile);
const tsx = (args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/backtest.ts', ...args], { cwd: process.cwd() });

let result: BacktestResult;
let text: string;
beforeAll(() => {
  text = readFileSync(HISTORY, 'utf8');
  result = runBacktest(parseHistoryCsv(text), HISTORY);
}, 60_000);

describe('backtest on the committed history', () => {
  it('covers a few dozen routes, several cabins and a year of departures within ~3 MB', () => {
    expect(text.length).toBeLessThan(3_000_000);
    const rows = parseHistoryCsv(text);
    expect(new Set(rows.map((r) => `${r.origin}-${r.destination}`)).size).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((r) => r.cabin)).size).toBeGreaterThanOrEqual(3);
    const months = new Set(rows.map((r) => r.departureDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
  });

  it('prints directional accuracy per recommendation and bucket, and money saved against always-buy', () => {
    const report = formatReport(result);
    const c = result.calibration;
    for (const rec of ['buy', 'wait', 'neutral'] as const) {
      const t = c.overall[rec]!;
      expect(t.samples).toBeGreaterThan(100);
      expect(report).toMatch(new RegExp(`${rec}\\s+${t.samples}\\s+${t.correct}\\s+${(t.accuracy * 100).toFixed(1)} %`));
    }
    for (const b of Object.values(c.buckets)) expect(report).toContain(`${b.recommendation} / ${b.evidence}`);
    const s = result.savingsByCurrency.USD!;
    expect(s.series).toBe(c.source.series);
    expect(s.bestPossibleTotalMinor).toBeLessThanOrEqual(s.policyTotalMinor);
    expect(report).toMatch(/Saved USD [\d,.]+ \(\d+\.\d %\)/);
    // Better than a coin flip on its firm calls, and waiting pays on the simulator's curve.
    expect(c.overall.buy!.accuracy).toBeGreaterThan(0.6);
    expect(c.overall.wait!.accuracy).toBeGreaterThan(0.6);
    expect(s.policyTotalMinor).toBeLessThan(s.firstLookTotalMinor);
  });

  it('matches the committed calibration.json exactly (run `npm run backtest -- --write-calibration` after changing the model)', () => {
    const committed = JSON.parse(readFileSync('tools/fares/prediction/calibration.json', 'utf8')) as Calibration;
    expect(committed).toEqual(result.calibration);
  });
});

describe('backtest CLI and CSV format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'backtest-'));

  it('runs on any CSV given with --file', async () => {
    const lines = text.split('\n');
    const small = join(dir, 'small.csv');
    writeFileSync(small, [lines[0], ...lines.slice(1).filter((l) => l.startsWith('JFK,LHR,'))].join('\n'));
    const { stdout } = await tsx(['--file', small]);
    expect(stdout).toContain(`History: ${small}`);
    expect(stdout).toMatch(/Directional accuracy by recommendation/);
    expect(stdout).toMatch(/USD: 33 trips/);
  }, 60_000);

  it('rejects a CSV with a bad row, naming the line, and exits non-zero', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'origin,destination,cabin,departure_date,observed_at,price,currency\nJFK,LHR,economy,2026-05-01,2026-03-01T10:00:00Z,420.50,USD\nJFK,LHR,economy,2026-05-01,2026-03-02,four hundred,USD\n');
    const failed = await tsx(['--file', bad]).then(() => null, (err: { code: number; stderr: string }) => err);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`${bad}: line 3: price "four hundred" is not a positive decimal amount`);
  }, 60_000);

  it('names the line and the problem for each kind of bad row', () => {
    const header = 'origin,destination,cabin,departure_date,observed_at,price,currency';
    const cases: [string, RegExp][] = [
      ['origin,destination,date,price', /^line 1: header must be/],
      [`${header}\nJFK,LHR,economy,2026-05-01,2026-03-01,420`, /^line 2: expected 7 fields, found 6/],
      [`${header}\nJFK,LHR,coach,2026-05-01,2026-03-01,420,USD`, /^line 2: cabin "coach"/],
      [`${header}\nJFK,LHR,economy,2026-02-30,2026-01-01,420,USD`, /^line 2: departure_date "2026-02-30"/],
      [`${header}\nJFK,LHR,economy,2026-05-01,yesterday,420,USD`, /^line 2: observed_at "yesterday"/],
      [`${header}\nJFK,LHR,economy,2026-05-01,2026-06-01,420,USD`, /^line 2: observed_at .* is after the departure date/],
      [`${header}\n\nJFK,LHR,economy,2026-05-01,2026-03-01,420,US`, /^line 3: currency "US"/],
      [`${header}\n`, /no observations/],
    ];
    for (const [csv, message] of cases) {
      let caught: unknown;
      try {
        parseHistoryCsv(csv);
      } catch (err) {
        caught = err;
      }
      expect(caught, csv).toBeInstanceOf(HistoryCsvError);
      expect((caught as Error).message).toMatch(message);
    }
    expect(parseHistoryCsv(`${header}\njfk,lhr,business,2026-05-01,2026-03-01,1234.5,eur\n`)).toEqual([
      { origin: 'JFK', destination: 'LHR', cabin: 'business', departureDate: '2026-05-01', observedAt: '2026-03-01T00:00:00.000Z', priceMinor: 123_450, currency: 'EUR' },
    ]);
  });
});
