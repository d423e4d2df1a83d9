import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * OBS-METRICS-1: what this process tells Prometheus at GET /metrics. One registry per app, so
 * several apps in one test process do not mix their figures. Gauges that are cheap to read are
 * read when scraped (`gauge(name, help, read)`).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'tt_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly roomActions = new Counter({
    name: 'tt_room_actions_total',
    help: 'Room socket actions received, by action and outcome',
    labelNames: ['action', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly roomBroadcasts = new Counter({
    name: 'tt_room_broadcasts_total',
    help: 'Room messages published by the rooms this process runs',
    registers: [this.registry],
  });
  readonly forwarded = new Counter({
    name: 'tt_room_forwarded_total',
    help: 'Joins and actions forwarded to the process that owns the room, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly workDeliveries = new Counter({
    name: 'tt_work_deliveries_total',
    help: 'Work deliveries finished, by consumer and outcome (done, failed, skipped)',
    labelNames: ['consumer', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'tt_process_' });
  }

  /** A gauge read when scraped. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** Times every request by its route pattern (never the raw URL: ids would explode the labels). */
  instrument(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.type(this.registry.contentType);
      return this.registry.metrics();
    });
  }
}
