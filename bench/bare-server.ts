// Baseline: the least an express 5 app can do to answer the same call — no
// validation, no logging, no compression. ETag and X-Powered-By are off as in
// our app, so the baseline does not pay for work the real server skips.
import express from 'express';
import type { AddressInfo } from 'node:net';
import { suggestPlaces } from '../tools/places/search.js';

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/api/places/suggest', (req, res) => {
  const query = String(req.query.query ?? '');
  const limit = Number(req.query.limit ?? 10);
  res.json({ places: suggestPlaces(query, limit) });
});

const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
// CPU used so far, for the parent's per-request CPU column.
process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
// A normal exit (not death by signal) so --cpu-prof can write its profile.
process.once('SIGTERM', () => server.close(() => process.exit(0)));
