// Times every answered request by its route pattern (never the raw URL: the series stay few), and serves the
// registry at /metrics on a port of its own, so the public port never shows it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where /metrics is served once the app is ready; undefined when metrics are off. */
    metricsAddress(): AddressInfo | undefined;
  }
}

export interface MetricsOptions {
  metrics: Metrics;
  /** Undefined: no metrics port. */
  port: number | undefined;
  host: string;
}

const serve = (metrics: Metrics): Server =>
  createServer((request, response) => {
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://metrics').pathname !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });

export const metricsPlugin = fp<MetricsOptions>(async (app, { metrics, port, host }) => {
  const server = port === undefined ? undefined : serve(metrics);
  app.decorate('metricsAddress', () => server?.address() as AddressInfo | undefined);
  if (!server) return;
  metrics.includeNodeMetrics();
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        // Requests no route matched (unknown paths, pages of the web client) share one series.
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.log.info({ address: server.address() }, 'metrics are served at /metrics');
  });
  app.addHook('onClose', async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    // A scraper's keep-alive connection would hold the close open.
    server.closeAllConnections();
    await closed;
  });
});
