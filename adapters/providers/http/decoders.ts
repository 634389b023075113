import type { AwardOffer, CabinClass, CashOffer } from '../../../tools/_kit/providers.js';
import { readListPage } from '../seats-aero/client.js';
import { mapAvailability } from '../seats-aero/map-availability.js';
import { mapDuffelOffers } from '../duffel/map-offers.js';
import { isRecord } from '../duffel/malformed.js';

// What a decode worker can do with a provider's raw answer: parse it and map it to
// our types, the same functions the adapters run inline. Each throws on anything
// but the happy path; the caller then reads the answer inline, where the usual
// ProviderError is raised (an error thrown in a worker loses its class).

/** One seats.aero page: each row's offers under its ID (rows repeat across pages; the first copy wins). */
export interface SeatsAeroPage {
  rows: [id: string, offers: AwardOffer[]][];
  hasMore: boolean;
  cursor: number;
}

export function seatsAeroPage(body: unknown, cabin: CabinClass): SeatsAeroPage {
  const page = readListPage(body);
  return { rows: page.data.map((row) => [row.ID, mapAvailability([row], cabin)]), hasMore: page.hasMore, cursor: page.cursor };
}

/** A 2xx Duffel offer request with its offers inline and no error envelope, mapped. */
export function duffelOffers(body: unknown): CashOffer[] {
  if (!isRecord(body) || 'errors' in body || !isRecord(body.data) || !Array.isArray(body.data.offers)) throw new Error('not a plain offer list');
  return mapDuffelOffers(body.data.offers);
}

/** A 2xx page of GET /air/offers (`{data: [offers]}`) with no error envelope, mapped. */
export function duffelOfferList(body: unknown): CashOffer[] {
  if (!isRecord(body) || 'errors' in body || !Array.isArray(body.data)) throw new Error('not a plain offer list');
  return mapDuffelOffers(body.data);
}

export const DECODERS = {
  'duffel-offers': (text: string) => duffelOffers(JSON.parse(text)),
  'duffel-offer-list': (text: string) => duffelOfferList(JSON.parse(text)),
  'seats-aero-page': (text: string, cabin: CabinClass) => seatsAeroPage(JSON.parse(text), cabin),
} as const;

export type DecoderName = keyof typeof DECODERS;
export type DecoderArg<N extends DecoderName> = Parameters<(typeof DECODERS)[N]>[1];
export type DecoderResult<N extends DecoderName> = ReturnType<(typeof DECODERS)[N]>;
