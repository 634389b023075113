import { readFileSync } from 'node:fs';
import type { Calibration } from './backtest.js';
import type { Recommendation, ScoredPrediction } from './model.js';

// Confidence is never made up: it is the accuracy the backtest measured for
// answers like this one (same recommendation, same kind and strength of
// evidence), read from calibration.json, which `npm run backtest --
// --write-calibration` writes.

export const CALIBRATION_FILE = new URL('./calibration.json', import.meta.url);

let loaded: Calibration | undefined;

export function calibration(): Calibration {
  loaded ??= JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')) as Calibration;
  return loaded;
}

export interface Calibrated {
  recommendation: Recommendation;
  confidence: number;
  /** Where the confidence came from: the answer's own bucket, the recommendation overall, or the base rate. */
  basis: 'bucket' | 'recommendation' | 'base-rate';
  samples: number;
}

export function calibrate(p: Pick<ScoredPrediction, 'recommendation' | 'evidence'>, cal: Calibration = calibration()): Calibrated {
  const bucket = cal.buckets[`${p.recommendation}|${p.evidence}`];
  if (bucket && bucket.samples >= cal.minSamples) return { recommendation: p.recommendation, confidence: bucket.accuracy, basis: 'bucket', samples: bucket.samples };
  const overall = cal.overall[p.recommendation];
  if (overall && overall.samples >= cal.minSamples) return { recommendation: p.recommendation, confidence: overall.accuracy, basis: 'recommendation', samples: overall.samples };
  // The backtest never measured this kind of answer: say nothing stronger than neutral.
  const neutral = cal.overall.neutral;
  if (neutral && neutral.samples >= cal.minSamples) return { recommendation: 'neutral', confidence: neutral.accuracy, basis: 'recommendation', samples: neutral.samples };
  return { recommendation: 'neutral', confidence: cal.baseRate, basis: 'base-rate', samples: cal.source.series };
}
