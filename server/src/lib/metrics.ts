import type { Server } from 'node:http';
import { nodeHttp } from './node-http';
import type { RequestHandler } from 'express';
import type { HandlerOptions, JobHandler, JobQueue } from './job-queue';

/** Seconds: from a cached answer to a slow report, with the 500 ms target on a bucket edge. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the app measures: every /api request, each pricing, and the background jobs. */
export interface Metrics {
  timeRequests: RequestHandler;
  pricingDuration: { observe(labels: { endpoint: string }, seconds: number): void };
  measureJobs(jobs: JobQueue): void;
}

/**
 * Without METRICS_PORT nobody can read the metrics, so nothing is measured: no timer on each
 * request, no event-loop and GC observers, and prom-client is not loaded at start.
 */
export const UNREAD_METRICS: Metrics = {
  timeRequests: (_req, _res, next) => next(),
  pricingDuration: { observe: () => undefined },
  measureJobs: () => undefined,
};

/**
 * The server's Prometheus metrics, one registry per app (so several apps in one test process do
 * not share counts). Served on their own port (METRICS_PORT), never through the public site.
 */
export async function createMetrics() {
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API request latency by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pricingDuration = new Histogram({
    name: 'pricing_calculation_duration_seconds',
    help: 'Time to price a quote (model lookup and calculation), by endpoint.',
    labelNames: ['endpoint'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  let measuredQueue: Pick<JobQueue, 'counts'> | undefined;
  new Gauge({
    name: 'job_queue_depth',
    help: 'Background jobs by job name and state, read from the queue at each scrape.',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      if (!measuredQueue) return;
      this.reset();
      for (const { queue, state, count } of await measuredQueue.counts()) this.set({ job: queue, state }, count);
    },
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Background job attempts that failed, by job name.',
    labelNames: ['job'] as const,
    registers: [registry],
  });

  /**
   * Times every /api request, labelled by the route pattern that answered ('/api/user/drafts/:id'),
   * so one label value stands for all ids; anything no route matched is 'unmatched'.
   */
  const timeRequests: RequestHandler = (req, res, next) => {
    const stop = requestDuration.startTimer();
    res.on('finish', () => {
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      stop({ method: req.method, route: typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : 'unmatched', status: String(res.statusCode) });
    });
    next();
  };

  /**
   * Reports the queue's depth at each scrape and counts every failed try of its handlers; call
   * before the handlers are registered, since it wraps register().
   */
  const measureJobs = (jobs: JobQueue) => {
    measuredQueue = jobs;
    const register = jobs.register.bind(jobs);
    jobs.register = <Data extends object>(queue: string, handler: JobHandler<Data>, options?: Partial<HandlerOptions>) =>
      register<Data>(
        queue,
        async (job) => {
          try {
            await handler(job);
          } catch (error) {
            jobFailures.inc({ job: queue });
            throw error;
          }
        },
        options,
      );
  };

  return { registry, timeRequests, pricingDuration, measureJobs };
}

export type PrometheusMetrics = Awaited<ReturnType<typeof createMetrics>>;

/** GET /metrics in Prometheus' text format on its own listener; resolves with the port it took. */
export function serveMetrics(metrics: PrometheusMetrics, host: string, port: number): Promise<{ server: Server; port: number }> {
  const server = nodeHttp.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : port });
    });
  });
}
