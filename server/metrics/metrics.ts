/**
 * The server's Prometheus metrics (prom-client), one registry per app (tests build many apps in one
 * process). Labels are bounded: a call is named by its contract path or its route's pattern, never
 * by a raw URL, and an answer by its HTTP status and the body's code. docs/deploy.md lists the
 * series; deploy/prometheus-alerts.yml and deploy/grafana-dashboard.json read them.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { hashPoolState } from '../auth/hashPool';

/** Seconds buckets of request and job durations: 5 ms to 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the metrics read from the rest of the server when scraped. */
export interface MetricSources {
  /** Transactions running now, and the pool's size (PostgreSQL; PGlite runs one at a time). */
  transactions: () => { active: number; poolSize: number };
  /** Notification streams open on this instance. */
  openStreams: () => number;
}

export class ServerMetrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'console_requests_total',
    help: 'Answered requests by call (contract path or route pattern), method, HTTP status and answer code.',
    labelNames: ['call', 'method', 'status', 'code'] as const,
    registers: [this.registry],
  });

  readonly requestDuration = new Histogram({
    name: 'console_request_duration_seconds',
    help: 'Time from a request to its answer, by call.',
    labelNames: ['call'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly transactionRetries = new Counter({
    name: 'console_db_transaction_retries_total',
    help: 'Transactions run again after PostgreSQL aborted them, by SQLSTATE (40P01 deadlock, 40001 serialization failure).',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'console_job_runs_total',
    // `task`, not `job`: Prometheus gives every scraped series its own `job` label.
    help: 'Rounds of the periodic jobs by task and outcome (ok, failed).',
    labelNames: ['task', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'console_job_duration_seconds',
    help: 'Duration of a periodic job round.',
    labelNames: ['task'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly hashWait = new Histogram({
    name: 'console_password_hash_wait_seconds',
    help: 'Time a password hash waited for a free slot of the hashing pool.',
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    new Gauge({
      name: 'console_db_transactions_active',
      help: 'Transactions running on this instance now.',
      registers,
      collect() {
        this.set(sources.transactions().active);
      },
    });
    new Gauge({
      name: 'console_db_pool_size',
      help: 'Connections the instance may open to PostgreSQL (1 on the embedded PGlite).',
      registers,
      collect() {
        this.set(sources.transactions().poolSize);
      },
    });
    new Gauge({
      name: 'console_password_hashes',
      help: 'Password hashes (scrypt) running and queued in the hashing pool.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { running, queued } = hashPoolState();
        this.set({ state: 'running' }, running);
        this.set({ state: 'queued' }, queued);
      },
    });
    new Counter({
      name: 'console_password_hashes_refused_total',
      help: 'Hashes refused at once (A0501) because the queue of the hashing pool was full.',
      registers,
      collect() {
        this.reset();
        this.inc(hashPoolState().refused);
      },
    });
    new Gauge({
      name: 'console_notification_streams_open',
      help: 'Notification streams (Server-Sent Events) open on this instance.',
      registers,
      collect() {
        this.set(sources.openStreams());
      },
    });
  }

  /** Node's own figures (CPU, memory, event-loop delay, garbage collection): for a server process, not for tests. */
  collectProcessMetrics() {
    collectDefaultMetrics({ register: this.registry, prefix: 'console_' });
  }

  /** Times `round` as a run of the periodic `task`. */
  async timeJob<T>(task: string, round: () => Promise<T>): Promise<T> {
    const end = this.jobDuration.startTimer({ task });
    try {
      const result = await round();
      this.jobRuns.inc({ task, outcome: 'ok' });
      return result;
    } catch (error) {
      this.jobRuns.inc({ task, outcome: 'failed' });
      throw error;
    } finally {
      end();
    }
  }
}
