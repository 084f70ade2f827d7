// The Prometheus metrics of one app. Each app has a registry of its own (tests build many apps in one process): the
// platform's series, and Node's default ones (event-loop lag, memory, CPU) once served; deploy/ has a dashboard of them.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached read (a millisecond) to a request that waits on a busy database. */
const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'pennon_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: requestBuckets,
    registers: [this.registry],
  });

  readonly verdicts = new Counter({
    name: 'pennon_judge_verdicts_total',
    help: 'Submissions judged, by verdict',
    labelNames: ['verdict'] as const,
    registers: [this.registry],
  });

  readonly scoreboardBuild = new Histogram({
    name: 'pennon_scoreboard_build_duration_seconds',
    help: 'Time to render a game scoreboard after it changed (a board kept at the same version is not counted)',
    buckets: requestBuckets,
    registers: [this.registry],
  });

  /** Node's own series; only when served, since the event-loop monitor samples all the time. */
  includeNodeMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge whose value is read when scraped. */
  sample(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** A gauge read when scraped, one series per value of `label`. */
  sampleBy(name: string, help: string, label: string, read: () => Iterable<[string, number]>): void {
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      collect() {
        for (const [value, n] of read()) this.set({ [label]: value }, n);
      },
    });
  }
}
