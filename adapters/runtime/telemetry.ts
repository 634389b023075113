import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// The process's Prometheus registry and what the lower layers report into it:
// provider calls (outcome and latency, recorded by each provider's policy), job
// runs (outcome, duration, and how late each started) and the database pool.
// Built with the services, so web and worker processes count the same way;
// /metrics (adapters/http/metrics.ts) adds the HTTP series and serves it.

/** How a provider call ended: ok, empty (answered, nothing to sell) or the failure's kind. */
export type ProviderCallOutcome = 'ok' | 'empty' | string;

/** Reported by a provider policy once per call (retries included in its duration). */
export type ProviderCallObserver = (provider: string, outcome: ProviderCallOutcome, seconds: number) => void;

export type JobRunOutcome = 'ran' | 'skipped' | 'failed';

/** A connection pool's state when scraped; null for the embedded database (no pool). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Telemetry {
  readonly registry: Registry;
  providerCall: ProviderCallObserver;
  /** One job run: its outcome, how long it took and how long after it was due it started. */
  jobRun(job: string, outcome: JobRunOutcome, seconds: number, lateSeconds: number): void;
  /** Where the database pool's state is read on scrape. */
  watchPool(read: () => PoolStats | null): void;
}

/**
 * How often the event-loop lag monitor samples (prom-client's default is 10 ms). Each
 * sample is a timer that wakes an idle process: 100 wake-ups a second at 10 ms, which
 * cost an idle server ~3 of its ~13 ms of CPU a second on this machine's VM (README,
 * "Performance"). A block of the loop longer than this is still measured in full;
 * shorter ones are sampled.
 */
const EVENT_LOOP_SAMPLE_MS = 100;
const LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export function createTelemetry(): Telemetry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'deal_engine_', eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const providerCalls = new Histogram({
    name: 'deal_engine_provider_call_duration_seconds',
    help: 'Provider calls by provider and outcome (ok, empty, or the failure kind: timeout, unavailable, circuit_open, ...), retries included.',
    labelNames: ['provider', 'outcome'], buckets: LATENCY_BUCKETS, registers: [registry],
  });
  const jobRuns = new Counter({ name: 'deal_engine_job_runs_total', help: 'Background job runs by job and outcome (skipped: another process held the run).', labelNames: ['job', 'outcome'], registers: [registry] });
  const jobDuration = new Histogram({ name: 'deal_engine_job_run_duration_seconds', help: 'Duration of job runs that ran or failed.', labelNames: ['job'], buckets: JOB_BUCKETS, registers: [registry] });
  const jobLate = new Gauge({ name: 'deal_engine_job_lag_seconds', help: 'How long after it was due the latest run of each job started.', labelNames: ['job'], registers: [registry] });
  const jobLastSuccess = new Gauge({ name: 'deal_engine_job_last_success_timestamp_seconds', help: 'When each job last finished a run without error (unix seconds).', labelNames: ['job'], registers: [registry] });
  let pool: () => PoolStats | null = () => null;
  new Gauge({
    name: 'deal_engine_db_pool_connections', help: 'PostgreSQL pool connections by state (max, total, idle, waiting: queries waiting for a connection). Absent on the embedded database.',
    labelNames: ['state'], registers: [registry],
    collect() {
      const stats = pool();
      if (!stats) return;
      for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });
  return {
    registry,
    providerCall: (provider, outcome, seconds) => providerCalls.observe({ provider, outcome }, seconds),
    jobRun(job, outcome, seconds, lateSeconds) {
      jobRuns.inc({ job, outcome });
      if (outcome === 'skipped') return;
      jobDuration.observe({ job }, seconds);
      jobLate.set({ job }, Math.max(0, lateSeconds));
      if (outcome === 'ran') jobLastSuccess.set({ job }, Date.now() / 1000);
    },
    watchPool(read) {
      pool = read;
    },
  };
}
