import { describe, expect, it } from 'vitest';
import { boundedRunner } from '../../tools/alerts/evaluate/bounded-runner.js';

// The alert cycle's trigger writers: never more than the limit at once, started in
// the order handed in, and drained() waits for jobs handed in while it waits.

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('boundedRunner', () => {
  it('runs at most `limit` jobs at once, in the order handed in, and drains everything', async () => {
    const runner = boundedRunner(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const done: number[] = [];
    const job = (n: number, ticks: number) => async () => {
      started.push(n);
      peak = Math.max(peak, ++running);
      for (let i = 0; i < ticks; i++) await tick();
      running--;
      done.push(n);
      // A job handed in by a running job is drained too.
      if (n === 1) runner.run(job(5, 1));
    };
    runner.run(job(1, 3));
    runner.run(job(2, 1));
    runner.run(job(3, 1));
    runner.run(job(4, 2));
    expect(started).toEqual([1, 2]);
    await runner.drained();
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect([...done].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps going after a job rejects', async () => {
    const runner = boundedRunner(1);
    const done: string[] = [];
    runner.run(async () => {
      throw new Error('boom');
    });
    runner.run(async () => {
      done.push('after');
    });
    await runner.drained();
    expect(done).toEqual(['after']);
  });
});
