// Replays a fare history through the prediction model and prints its accuracy
// and savings (see tools/fares/history/README.md for the CSV format).
//   npm run backtest                          # the committed simulated history
//   npm run backtest -- --file my.csv         # any CSV of real observations
//   npm run backtest -- --write-calibration   # also rewrite tools/fares/prediction/calibration.json
import { readFileSync, writeFileSync } from 'node:fs';
import { HistoryCsvError, parseHistoryCsv } from '../tools/fares/history/csv.js';
import { runBacktest } from '../tools/fares/prediction/backtest.js';
import { CALIBRATION_FILE } from '../tools/fares/prediction/calibration.js';
import { formatReport } from '../tools/fares/prediction/report.js';

export const DEFAULT_HISTORY = 'tools/fares/history/simulated.csv';

function main(): number {
  const args = process.argv.slice(2);
  const fileAt = args.indexOf('--file');
  if (fileAt >= 0 && !args[fileAt + 1]) {
    console.error('--file needs a path to a CSV');
    return 2;
  }
  const file = fileAt >= 0 ? args[fileAt + 1]! : DEFAULT_HISTORY;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  let rows;
  try {
    rows = parseHistoryCsv(text);
  } catch (err) {
    if (err instanceof HistoryCsvError) {
      console.error(`${file}: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const result = runBacktest(rows, file);
  console.log(formatReport(result));
  if (args.includes('--write-calibration')) {
    writeFileSync(CALIBRATION_FILE, JSON.stringify(result.calibration, null, 2) + '\n');
    console.log(`\nwrote ${CALIBRATION_FILE.pathname}`);
  }
  return 0;
}

process.exitCode = main();
