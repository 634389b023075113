import { describe, expect, it } from 'vitest';
import type { TransferStep } from '../../tools/points/graph/graph-types.js';
import { pointsToSend, receivedFor, sendFor, sourceSend } from '../../tools/points/graph/points-to-send.js';
import type { TransferPath } from '../../tools/points/graph/graph-types.js';

// sendFor searches between two bounds instead of from zero; it must still give the
// smallest allowed transfer that delivers `need`, for every kind of step.

function step(ratio: number, bonusPercent: number, minimum: number, increment: number, blockBonus?: { per: number; bonus: number }): TransferStep {
  return {
    from: 'a', to: 'b', ratio, bonusPercent, minimum, increment,
    effectiveRatio: ratio * (1 + bonusPercent / 100) + (blockBonus ? blockBonus.bonus / blockBonus.per : 0),
    transferTime: 'instant', typicalHours: 0,
    ...(blockBonus ? { blockBonus } : {}),
  } as TransferStep;
}

/** The answer by definition: the first allowed amount, counting up from the minimum, that delivers enough. */
function smallestByScan(s: TransferStep, need: number): number {
  const minimum = Math.max(1, Math.ceil(s.minimum));
  const increment = Math.max(1, Math.ceil(s.increment));
  for (let j = 0; ; j++) if (receivedFor(s, minimum + j * increment) >= need) return minimum + j * increment;
}

// A small deterministic generator, so a failure names a case that can be run again.
function* cases(count: number): Generator<[TransferStep, number]> {
  let x = 12345;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const ratios = [1, 0.5, 1 / 3, 2, 1.25, 0.8, 0.4, 1.5, 3, 0.7];
  const bonuses = [0, 0, 10, 15, 20, 25, 30, 40, 50];
  const steps: [number, number][] = [[1, 1], [1000, 1000], [1000, 100], [3000, 3], [5000, 1000], [250, 250], [2, 2]];
  for (let i = 0; i < count; i++) {
    const [minimum, increment] = steps[Math.floor(next() * steps.length)]!;
    const block = next() < 0.3 ? { per: [20_000, 60_000, 10_000][Math.floor(next() * 3)]!, bonus: [5_000, 2_500, 1_000][Math.floor(next() * 3)]! } : undefined;
    yield [step(ratios[Math.floor(next() * ratios.length)]!, bonuses[Math.floor(next() * bonuses.length)]!, minimum, increment, block), 1 + Math.floor(next() * 30_000)];
  }
}

describe('sendFor', () => {
  it('gives the smallest allowed transfer that delivers the need, like a scan from the minimum', () => {
    for (const [s, need] of cases(3_000)) {
      expect(sendFor(s, need), `ratio ${s.ratio} bonus ${s.bonusPercent}% min ${s.minimum} step ${s.increment} block ${JSON.stringify(s.blockBonus)} need ${need}`).toBe(smallestByScan(s, need));
    }
  });

  it('sends nothing for nothing, and the minimum for a need below what it delivers', () => {
    expect(sendFor(step(1, 0, 1000, 1000), 0)).toBe(0);
    expect(sendFor(step(1, 0, 1000, 1000), 1)).toBe(1000);
    expect(sendFor(step(1 / 3, 0, 3000, 3), 1000)).toBe(3000);
  });
});

describe('sourceSend', () => {
  it('is what pointsToSend sends at the source, over paths of one to three steps', () => {
    const all = [...cases(900)];
    for (let i = 0; i + 2 < all.length; i += 3) {
      for (const length of [1, 2, 3]) {
        const path = { steps: all.slice(i, i + length).map(([s]) => s) } as unknown as TransferPath;
        const need = all[i]![1] * length;
        expect(sourceSend(path, need)).toBe(pointsToSend(path, need).send);
      }
    }
    expect(sourceSend({ steps: [] } as unknown as TransferPath, 12_345.2)).toBe(12_346);
  });
});
