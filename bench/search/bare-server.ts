// The baseline: bare express answering POST /api/search with an SSE stream that
// waits the same three provider latencies and writes ready-made events. Whatever
// our server adds on top of this is the cost of the real search path.
import express from 'express';
import type { AddressInfo } from 'node:net';
import { LATENCY_MS } from './latencies.js';

const app = express();
app.use(express.json());
const event = (type: string, data: unknown) => `data: ${JSON.stringify({ type, data })}\n\n`;
const RESULT = event('result', { id: 'fl_0', price: 420.5, currency: 'USD', carrier: 'BA', route: 'JFK-LHR' });

app.post('/api/search', (req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const started = performance.now();
  let left = Object.keys(LATENCY_MS).length;
  for (const [provider, ms] of Object.entries(LATENCY_MS)) {
    setTimeout(() => {
      res.write(RESULT);
      res.write(event('progress', { provider, status: 'ok', count: 1, elapsed_ms: Math.round(performance.now() - started) }));
      if (--left === 0) res.end(event('complete', { count: 3 }));
    }, ms);
  }
});

// The cache-hit baseline: everything written at once, as a cache replay would.
app.post('/api/search-instant', (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const provider of Object.keys(LATENCY_MS)) res.write(RESULT + event('progress', { provider, status: 'ok', count: 1, elapsed_ms: 0 }));
  res.end(event('complete', { count: 3, cached: true }));
});

const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
