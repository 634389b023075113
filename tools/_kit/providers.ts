// What tools see of the upstream providers: plain domain types and one port per
// upstream role. The real HTTP adapters and the simulators in adapters/providers/
// implement these; no wire format leaks past them.

export type CabinClass = 'economy' | 'premium_economy' | 'business' | 'first';
export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'first'] as const satisfies readonly CabinClass[];

export type ProviderName = 'duffel' | 'serpapi' | 'seats_aero' | 'stripe';
export type ProviderMode = 'live' | 'simulator';

/** Money in major units (12.34), rounded to the currency's minor unit. */
export interface Money {
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface FlightQuery {
  /** IATA airport code (a metro city code is resolved to its airports by the caller). */
  origin: string;
  destination: string;
  /** YYYY-MM-DD, local date at the origin. */
  departureDate: string;
  /** YYYY-MM-DD; a round trip when set. */
  returnDate?: string;
  adults: number;
  children: number;
  infants: number;
  cabin: CabinClass;
  /** Most connections per slice; undefined means the provider's default. */
  maxConnections?: 0 | 1 | 2;
  /** Currency to price in, ISO 4217. */
  currency: string;
}

export interface FlightSegment {
  origin: string;
  destination: string;
  /** Local time at the airport, YYYY-MM-DDTHH:MM:SS without offset (as Duffel gives it). */
  departingAt: string;
  arrivingAt: string;
  durationMinutes: number;
  /** IATA airline code, e.g. "BA". */
  marketingCarrier: string;
  marketingCarrierName?: string;
  /** Flight number without the carrier, e.g. "117". */
  flightNumber: string;
  operatingCarrier?: string;
  /** Aircraft name, e.g. "Boeing 777-300ER". */
  aircraft?: string;
  originTerminal?: string;
  destinationTerminal?: string;
  /** Provider's own segment id (Duffel seg_...), when it has one. */
  providerSegmentId?: string;
}

export interface FlightSlice {
  origin: string;
  destination: string;
  durationMinutes: number;
  segments: FlightSegment[];
  /** Provider's own slice id, when it has one. */
  providerSliceId?: string;
}

export interface FareConditions {
  refundable: boolean | null;
  changeable: boolean | null;
  /** Penalty for a change or refund, when the provider states one. */
  changePenalty?: Money | null;
  refundPenalty?: Money | null;
}

export interface BaggageAllowance {
  checked: number;
  carryOn: number;
}

/** A cash fare from a flight booking provider or a search-results provider. */
export interface CashOffer {
  provider: 'duffel' | 'serpapi';
  /** The provider's own id: Duffel off_..., or SerpApi's booking/departure token. */
  providerOfferId: string;
  /** True when this service can book it (Duffel offers). */
  bookable: boolean;
  total: Money;
  base?: Money;
  tax?: Money;
  cabin: CabinClass;
  fareBrand: string | null;
  slices: FlightSlice[];
  /** IATA code of the airline selling the fare. */
  owner: string;
  ownerName?: string;
  /** ISO timestamp after which the offer cannot be booked; null when the provider gives none. */
  expiresAt: string | null;
  /** ISO timestamp of when the provider produced this price. */
  observedAt: string;
  conditions?: FareConditions;
  baggage?: BaggageAllowance;
  emissionsKg?: number;
}

/** Award seats on one itinerary (or route and day) in one loyalty program. */
export interface AwardOffer {
  provider: 'seats_aero';
  /** seats.aero source slug, e.g. "aeroplan", "united", "flyingblue". */
  program: string;
  cabin: CabinClass;
  miles: number;
  taxes: Money;
  /** null when the program does not report seat counts. */
  seatsRemaining: number | null;
  origin: string;
  destination: string;
  /** YYYY-MM-DD */
  date: string;
  direct: boolean;
  /** IATA codes of the airlines flying it. */
  airlines: string[];
  /** Flight detail when the provider gave it; empty when only route-and-day availability is known. */
  slices: FlightSlice[];
  /** Provider's availability id (seats.aero ID / trip ID). */
  availabilityId: string;
  /** ISO timestamp of when the availability was last seen upstream. */
  observedAt: string;
}

export type SeatElementType =
  | 'seat'
  | 'restricted_seat_general'
  | 'bassinet'
  | 'empty'
  | 'exit_row'
  | 'lavatory'
  | 'galley'
  | 'closet'
  | 'stairs';

export interface SeatElement {
  type: SeatElementType;
  /** Seats only: "14B". */
  designator?: string;
  name?: string;
  disclosures?: string[];
  /** Seats only: selectable for at least one passenger. */
  available?: boolean;
  /** Price per passenger id; empty when not selectable. Duffel service ids ride along. */
  services?: { serviceId: string; passengerId: string; price: Money }[];
}

export interface SeatMapCabin {
  cabinClass: CabinClass;
  deck: number;
  aisles: 1 | 2;
  wings: { firstRowIndex: number; lastRowIndex: number } | null;
  rows: { sections: { elements: SeatElement[] }[] }[];
}

export interface SeatMap {
  id: string;
  segmentId: string;
  sliceId: string;
  cabins: SeatMapCabin[];
}

/** What an admin may know about the flight provider account: never customer data. */
export interface FlightProviderStatus {
  reachable: boolean;
  environment: 'sandbox' | 'production' | 'simulator';
  /** Account balance, when the provider reports one. */
  balance: Money | null;
  latencyMs: number;
  detail?: string;
}

/** The Duffel-like flight booking provider: search and offers here; orders, payments and changes join in the booking issue. */
export interface FlightBookingProvider {
  readonly name: 'duffel';
  readonly mode: ProviderMode;
  /** Creates an offer request and returns its offers. */
  searchOffers(query: FlightQuery, signal: AbortSignal): Promise<CashOffer[]>;
  /** One live offer; ProviderError kind `not_found` when the provider no longer knows it. */
  getOffer(offerId: string, signal: AbortSignal): Promise<CashOffer>;
  getSeatMaps(offerId: string, signal: AbortSignal): Promise<SeatMap[]>;
  status(signal: AbortSignal): Promise<FlightProviderStatus>;
}

/** The Google Flights results provider (SerpApi). Not bookable here. */
export interface FlightResultsProvider {
  readonly name: 'serpapi';
  readonly mode: ProviderMode;
  searchFlights(query: FlightQuery, signal: AbortSignal): Promise<CashOffer[]>;
}

/** The award availability provider (seats.aero Partner API). */
export interface AwardProvider {
  readonly name: 'seats_aero';
  readonly mode: ProviderMode;
  /** Availability on the route and day across programs, with flight detail where known. */
  searchAwards(query: FlightQuery, signal: AbortSignal): Promise<AwardOffer[]>;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface PaymentIntent {
  id: string;
  status: PaymentIntentStatus;
  /** Minor units, as the card processor counts them. */
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  createdAt: string;
}

export interface CardWebhookEvent {
  id: string;
  type: string;
  /** The object the event is about (a PaymentIntent for payment_intent.* events). */
  object: Record<string, unknown>;
  createdAt: string;
}

/** The card processor (Stripe PaymentIntents). */
export interface CardProcessor {
  readonly name: 'stripe';
  readonly mode: ProviderMode;
  /** Idempotent per key: the same key returns the same intent. */
  createPaymentIntent(opts: { amountMinor: number; currency: string; metadata?: Record<string, string>; idempotencyKey: string }, signal: AbortSignal): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string, signal: AbortSignal): Promise<PaymentIntent>;
  /** Confirms with a payment method (test cards such as pm_card_visa in the simulator and Stripe test mode). */
  confirmPaymentIntent(id: string, opts: { paymentMethod: string; idempotencyKey: string }, signal: AbortSignal): Promise<PaymentIntent>;
  cancelPaymentIntent(id: string, signal: AbortSignal): Promise<PaymentIntent>;
  /** Verifies a webhook's signature header over the raw body; throws ProviderError kind `rejected` when it does not match. */
  verifyWebhook(rawBody: string, signatureHeader: string): CardWebhookEvent;
}

export interface ProviderHealth {
  name: ProviderName;
  role: string;
  mode: ProviderMode;
  /** Presence only, never the value. */
  credentialPresent: boolean;
  breaker: 'closed' | 'open' | 'half_open' | 'isolated';
  /** The last call's outcome: ok, empty (no inventory) or error. */
  lastOutcome: { status: 'ok' | 'empty' | 'error'; at: string; detail?: string } | null;
  /** True when the provider answered successfully but had nothing to sell on its last call. */
  noInventory: boolean;
  inFlight: number;
}

/** Every upstream, as tools see them. */
export interface Providers {
  flights: FlightBookingProvider;
  flightResults: FlightResultsProvider;
  awards: AwardProvider;
  cards: CardProcessor;
  health(): ProviderHealth[];
}
