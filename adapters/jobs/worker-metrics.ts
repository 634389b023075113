import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';
import { metricsTokenCheck } from '../http/metrics.js';

// A worker process has no web server, yet its job runs, provider calls and pool
// are what an operator watches: with METRICS_TOKEN and WORKER_METRICS_PORT set it
// answers GET /metrics (same token rule as the web server's) and nothing else.

export async function serveWorkerMetrics(registry: Registry, token: string, port: number, host: string): Promise<Server> {
  const allowed = metricsTokenCheck(token);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
    if (!allowed(req.headers.authorization)) return void res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end();
    registry.metrics().then(
      (text) => void res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (err: unknown) => void res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
