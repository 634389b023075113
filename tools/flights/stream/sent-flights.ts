import { FLIGHT_CHANGING_FIELDS, type FlightResult, type FlightUpdate, type SearchEvent, type StreamedFlight } from '../flight-result.js';
import { sameJson } from './same-json.js';
import { sliceId } from './slice-ids.js';

// What one search stream has told its caller, so each slice is sent once, a flight
// is sent once (naming its slices by id), and afterwards only as the fields a later
// provider changed.

export class SentFlights {
  private readonly sent = new Map<string, FlightResult>();
  private readonly slices = new Set<string>();

  /** The events that bring the caller up to date with `result`: none when they already have it. */
  eventsFor(result: FlightResult): SearchEvent[] {
    const before = this.sent.get(result.id);
    this.sent.set(result.id, result);
    if (!before) return this.firstSending(result);
    const update: Record<string, unknown> = { id: result.id };
    let changed = false;
    for (const field of FLIGHT_CHANGING_FIELDS) {
      if (sameJson(before[field], result[field])) continue;
      update[field] = result[field];
      changed = true;
    }
    return changed ? [{ type: 'update', data: update as FlightUpdate }] : [];
  }

  /** The slices the caller has not seen yet, then the flight naming all of its slices by id. */
  private firstSending(result: FlightResult): SearchEvent[] {
    const events: SearchEvent[] = [];
    const ids = result.slices.map((slice) => {
      const id = sliceId(slice);
      if (!this.slices.has(id)) {
        this.slices.add(id);
        events.push({ type: 'slice', data: { id, ...slice } });
      }
      return id;
    });
    events.push({ type: 'result', data: streamed(result, ids) });
    return events;
  }
}

/** The flight with its slices named by id; the fields stay in the order of a FlightResult. */
function streamed(r: FlightResult, sliceIds: string[]): StreamedFlight {
  return {
    id: r.id, price: r.price, currency: r.currency, fx_rate: r.fx_rate, checkout_total: r.checkout_total, carrier: r.carrier, route: r.route,
    origin: r.origin, destination: r.destination, departing_at: r.departing_at, arriving_at: r.arriving_at, duration_minutes: r.duration_minutes,
    stops: r.stops, cabin: r.cabin, fare_brand: r.fare_brand, bookable: r.bookable, offer_id: r.offer_id, expires_at: r.expires_at,
    slice_ids: sliceIds, dates: r.dates, bags: r.bags, prices: r.prices, awards: r.awards, sources: r.sources, data_age_s: r.data_age_s,
  };
}
