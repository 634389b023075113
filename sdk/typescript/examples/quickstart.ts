import { createClient } from '@deal-engine/sdk';
const client = createClient({ baseUrl: process.env.DEAL_ENGINE_URL ?? 'http://localhost:8080', apiKey: process.env.DEAL_ENGINE_API_KEY });
const departure_date = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
for await (const ev of client.searchFlights({ origin: 'JFK', destination: 'LHR', departure_date }))
  if (ev.type === 'result') console.log(ev.data.carrier, ev.data.route, ev.data.price, ev.data.currency);
