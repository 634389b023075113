import type { Money, ProviderMode } from './provider-basics.js';
import type { CarsProvider, CruiseProvider, StaysProvider } from './stays-cars-cruises.js';

// What tools see of the upstream providers: plain domain types and one port per
// upstream role. The real HTTP adapters and the simulators in adapters/providers/
// implement these; no wire format leaks past them.

export type CabinClass = 'economy' | 'premium_economy' | 'business' | 'first';
export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'first'] as const satisfies readonly CabinClass[];

export type ProviderName = 'duffel' | 'serpapi' | 'seats_aero' | 'stripe';
export type { Money, ProviderMode } from './provider-basics.js';

export interface FlightQuery {
  /** IATA airport code (a metro city code is resolved to its airports by the caller). */
  origin: string;
  destination: string;
  /** YYYY-MM-DD, local date at the origin. */
  departureDate: string;
  /** YYYY-MM-DD; a round trip when set. */
  returnDate?: string;
  /**
   * A multi-city or open-jaw trip (2–6 slices, in travel order). When set it is the
   * trip: origin, destination and departureDate repeat the first and last slice, and
   * returnDate is unset.
   */
  slices?: { origin: string; destination: string; departureDate: string }[];
  adults: number;
  children: number;
  infants: number;
  cabin: CabinClass;
  /** Most connections per slice; undefined means the provider's default. */
  maxConnections?: 0 | 1 | 2;
  /** Currency to price in, ISO 4217. */
  currency: string;
  /** Point of sale: the ISO 3166-1 country whose market prices the search (results providers only). */
  pointOfSale?: string;
  /**
   * Which offers the caller reads. `every` (the default): booking flows look for given
   * flights and their fare brands. `best`: what a search shows (the cheapest, the
   * fastest, every nonstop). `cheapest`: the cheapest alone (fare calendar, alerts).
   * A provider whose API can answer with less does.
   */
  offers?: 'every' | 'best' | 'cheapest';
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

/** A passenger slot of an offer, as the provider numbers them (Duffel pas_...). */
export interface OfferPassenger {
  id: string;
  type: 'adult' | 'child' | 'infant_without_seat';
  age?: number;
}

/** An extra the provider sells with an offer or an order (a checked bag, cancel-for-any-reason). */
export interface OfferService {
  /** Provider's service id (Duffel ase_...), passed back when buying it. */
  id: string;
  type: 'baggage' | 'cancel_for_any_reason' | 'seat' | 'other';
  maxQuantity: number;
  passengerIds: string[];
  segmentIds: string[];
  /** Price for one unit. */
  price: Money;
  /** Baggage only. */
  baggage?: { kind: 'checked' | 'carry_on'; maxWeightKg: number | null; maxLengthCm: number | null; maxHeightCm: number | null; maxDepthCm: number | null };
}

/** When a held (unpaid) order must be paid, and until when its price is guaranteed. */
export interface PaymentRequirements {
  requiresInstantPayment: boolean;
  /** ISO timestamp; null when the airline does not say. */
  paymentRequiredBy: string | null;
  priceGuaranteeExpiresAt: string | null;
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
  /** Bookable offers: the passenger slots to fill at booking, in order. */
  passengers?: OfferPassenger[];
  /** Present when the provider listed the extras it sells (single-offer reads). */
  availableServices?: OfferService[];
  paymentRequirements?: PaymentRequirements;
  /** Per slice: fare brand and conditions, in slice order. */
  sliceConditions?: { fareBrand: string | null; conditions: FareConditions; priorityBoarding: boolean | null; advanceSeatSelection: boolean | null }[];
  /** Identity documents the airline needs at booking (passport number etc.). */
  identityDocumentsRequired?: boolean;
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

// ---------- orders (the booking life cycle) ----------

export interface OrderPassengerInput {
  /** The offer's passenger slot id this person fills. */
  id: string;
  title: 'mr' | 'ms' | 'mrs' | 'miss' | 'dr';
  gender: 'm' | 'f';
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD */
  bornOn: string;
  email: string;
  /** E.164, e.g. +442080160509 */
  phoneNumber: string;
  loyaltyAccounts?: { airlineIataCode: string; accountNumber: string }[];
  identityDocument?: { type: 'passport'; number: string; issuingCountryCode: string; expiresOn: string };
  /** The adult travelling with this infant, when this passenger is an infant's carer. */
  infantPassengerId?: string;
}

export interface CreateOrderRequest {
  offerId: string;
  /** `instant` pays now from the provider balance; `hold` reserves without payment. */
  type: 'instant' | 'hold';
  passengers: OrderPassengerInput[];
  /** Extras bought with the order (bags, seats); instant orders only. */
  services?: { id: string; quantity: number }[];
  /** Instant orders: exactly the offer total plus services. */
  payment?: Money;
  /** Up to 50 string pairs kept on the provider's order (our booking id rides here). */
  metadata?: Record<string, string>;
}

export type OrderDocumentType = 'electronic_ticket' | 'electronic_miscellaneous_document_associated' | 'electronic_miscellaneous_document_standalone';

export interface OrderDocument {
  type: OrderDocumentType;
  /** The ticket number. */
  uniqueIdentifier: string;
  passengerIds: string[];
}

export interface OrderServiceLine {
  id: string;
  type: 'baggage' | 'seat' | 'cancel_for_any_reason' | 'other';
  quantity: number;
  passengerIds: string[];
  segmentIds: string[];
  total: Money;
  /** Seat services: the designator, e.g. "14B". */
  designator?: string;
}

export interface FlightOrder {
  /** Provider order id (Duffel ord_...). */
  id: string;
  /** The airline's reference (PNR), e.g. "RZPVDN". */
  bookingReference: string;
  type: 'instant' | 'hold';
  total: Money;
  base?: Money;
  tax?: Money;
  slices: FlightSlice[];
  passengers: { id: string; givenName: string; familyName: string; type: OfferPassenger['type'] | null }[];
  services: OrderServiceLine[];
  documents: OrderDocument[];
  conditions?: FareConditions;
  payment: { awaitingPayment: boolean; paymentRequiredBy: string | null; priceGuaranteeExpiresAt: string | null; paidAt: string | null };
  availableActions: ('cancel' | 'change' | 'update')[];
  createdAt: string;
  cancelledAt: string | null;
  owner: string;
  metadata: Record<string, string>;
}

/** What order creation gave back: the order, or (Duffel's 202) an acceptance whose outcome comes later. */
export type OrderCreation = { status: 'created'; order: FlightOrder } | { status: 'accepted' };

/** A credit the airline issues instead of money back: redeemable with that airline by its code. */
export interface AirlineCredit {
  id: string;
  /** What the airline redeems it by; null until the airline discloses it. */
  code: string | null;
  /** The airline's name for this kind of credit, which its conditions of use refer to. */
  name: string | null;
  amount: Money;
  passengerId: string | null;
  issuedOn: string | null;
  /** Airlines do not always disclose it at cancellation. */
  expiresAt: string | null;
}

export interface OrderCancellation {
  id: string;
  orderId: string;
  refund: Money;
  refundTo: 'arc_bsp_cash' | 'balance' | 'card' | 'voucher' | 'awaiting_payment' | 'airline_credits' | 'original_form_of_payment';
  /** Quoted: the credits confirming would issue; confirmed: the credits issued. */
  airlineCredits: AirlineCredit[];
  expiresAt: string | null;
  confirmedAt: string | null;
  createdAt: string;
}

export interface ChangeSliceAdd {
  origin: string;
  destination: string;
  departureDate: string;
  cabin: CabinClass;
}

export interface OrderChangeOffer {
  id: string;
  /** What the customer pays (positive) or gets back (negative) for the change. */
  changeTotal: Money;
  newTotal: Money;
  penalty: Money | null;
  refundTo: string | null;
  expiresAt: string;
  slicesAdd: FlightSlice[];
  slicesRemove: FlightSlice[];
}

export interface OrderChangeRequest {
  id: string;
  orderId: string;
  createdAt: string;
  /** The change offers found so far; they fill in over a few seconds. */
  offers: OrderChangeOffer[];
}

export interface OrderChange {
  id: string;
  orderId: string;
  changeTotal: Money;
  newTotal: Money;
  confirmedAt: string | null;
}

/** The flight provider's own card payment intent (Duffel Payments), paid through its card component. */
export interface ProviderPaymentIntent {
  id: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'cancelled' | 'succeeded';
  amount: Money;
  /** Handed to the provider's card component in the browser. */
  clientToken: string | null;
  fees: Money | null;
  net: Money | null;
  createdAt: string;
}

export interface ThreeDSecureSession {
  id: string;
  resourceId: string;
  cardId: string;
  status: 'client_action_required' | 'ready_for_payment' | 'failed' | 'expired';
  /** For the provider's 3-D Secure component in the browser. */
  clientId: string | null;
  expiresAt: string;
}

/** The Duffel-like flight booking provider: search, offers, and the whole order life cycle. */
export interface FlightBookingProvider {
  readonly name: 'duffel';
  readonly mode: ProviderMode;
  /** Creates an offer request and returns its offers. */
  searchOffers(query: FlightQuery, signal: AbortSignal): Promise<CashOffer[]>;
  /** One live offer with its available services; ProviderError kind `not_found` when the provider no longer knows it. */
  getOffer(offerId: string, signal: AbortSignal): Promise<CashOffer>;
  getSeatMaps(offerId: string, signal: AbortSignal): Promise<SeatMap[]>;
  status(signal: AbortSignal): Promise<FlightProviderStatus>;

  /**
   * Creates an order. Never retried: a second attempt could book twice. Errors carry
   * Duffel's code: `offer_no_longer_available` (kind not_found), `price_changed`,
   * `insufficient_balance` (kind rejected).
   */
  createOrder(request: CreateOrderRequest, signal: AbortSignal): Promise<OrderCreation>;
  getOrder(orderId: string, signal: AbortSignal): Promise<FlightOrder>;
  /**
   * Finds the order whose metadata holds `key: value` among orders with a passenger
   * of this family name: how an order accepted asynchronously (202) is found again.
   */
  findOrder(opts: { passengerFamilyName: string; metadataKey: string; metadataValue: string }, signal: AbortSignal): Promise<FlightOrder | null>;
  /** Pays a hold order from the balance; the amount must equal the order's current total. */
  payOrder(orderId: string, amount: Money, signal: AbortSignal): Promise<FlightOrder>;
  /** Extras that can still be bought for an order. */
  getOrderServices(orderId: string, signal: AbortSignal): Promise<OfferService[]>;
  addOrderServices(orderId: string, services: { id: string; quantity: number }[], payment: Money, signal: AbortSignal): Promise<FlightOrder>;
  /** A cancellation quote (not yet confirmed). */
  quoteCancellation(orderId: string, signal: AbortSignal): Promise<OrderCancellation>;
  confirmCancellation(cancellationId: string, signal: AbortSignal): Promise<OrderCancellation>;
  createChangeRequest(orderId: string, change: { removeSliceIds: string[]; add: ChangeSliceAdd[] }, signal: AbortSignal): Promise<OrderChangeRequest>;
  getChangeRequest(changeRequestId: string, signal: AbortSignal): Promise<OrderChangeRequest>;
  getChangeOffer(changeOfferId: string, signal: AbortSignal): Promise<OrderChangeOffer>;
  /** Selects a change offer and confirms it, paying `payment` from the balance when the change costs money. */
  confirmChange(changeOfferId: string, payment: Money | null, signal: AbortSignal): Promise<OrderChange>;
  createPaymentIntent(amount: Money, signal: AbortSignal): Promise<ProviderPaymentIntent>;
  confirmPaymentIntent(id: string, signal: AbortSignal): Promise<ProviderPaymentIntent>;
  createThreeDSecureSession(opts: { cardId: string; resourceId: string; services: { id: string; quantity: number }[]; cardholderPresent: boolean }, signal: AbortSignal): Promise<ThreeDSecureSession>;
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
  /** Cached availability over a date range and several destinations, one page at a time (one upstream call). */
  searchAwardRange(query: AwardRangeQuery, signal: AbortSignal): Promise<AwardRangePage>;
}

/** A cached award search over days and destinations (seats.aero GET /search semantics). */
export interface AwardRangeQuery {
  origin: string;
  destinations: readonly string[];
  /** YYYY-MM-DD, both included. */
  startDate: string;
  endDate: string;
  cabin: CabinClass;
  order: 'date' | 'miles';
  onlyDirect: boolean;
  /** Rows wanted on this page. */
  limit: number;
  /** Where the previous page stopped; absent for the first page. */
  after?: { cursor: number; skip: number };
}

/** One route, day and programme with space in the asked cabin (the cheapest option of that row). */
export interface AwardRangeRow {
  date: string;
  origin: string;
  destination: string;
  program: string;
  miles: number;
  taxes: Money;
  /** null when the programme does not report seat counts. */
  seatsRemaining: number | null;
  /** Whether some space in the cabin that day is nonstop. */
  direct: boolean;
  airlines: string[];
  availabilityId: string;
  observedAt: string;
}

export interface AwardRangePage {
  rows: AwardRangeRow[];
  /** Where the next page starts; null when this was the last. */
  next: { cursor: number; skip: number } | null;
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

export interface CardRefund {
  id: string;
  paymentIntentId: string;
  amountMinor: number;
  currency: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
}

export interface CardWebhookEvent {
  id: string;
  type: string;
  /** The object the event is about (a PaymentIntent for payment_intent.* events). */
  object: Record<string, unknown>;
  createdAt: string;
}

/** A Stripe Checkout Session (payment mode) as we read it back: who it is for and whether it was paid. */
export interface CheckoutSession {
  id: string;
  /** The hosted payment page; null once the session is complete or expired. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  clientReferenceId: string | null;
  amountMinor: number | null;
  currency: string | null;
  metadata: Record<string, string>;
}

/** The card processor (Stripe PaymentIntents, and Checkout Sessions for plan payments). */
export interface CardProcessor {
  readonly name: 'stripe';
  readonly mode: ProviderMode;
  /** The smallest amount a payment intent may be created for in this currency, in minor units. */
  minimumChargeMinor(currency: string): number;
  /**
   * Idempotent per key: the same key returns the same intent. With `captureMethod: 'manual'` confirming
   * only authorizes the card (`requires_capture`); the money moves when capturePaymentIntent is called.
   */
  createPaymentIntent(
    opts: { amountMinor: number; currency: string; metadata?: Record<string, string>; idempotencyKey: string; captureMethod?: 'automatic' | 'manual' },
    signal: AbortSignal,
  ): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string, signal: AbortSignal): Promise<PaymentIntent>;
  /** Confirms with a payment method (test cards such as pm_card_visa in the simulator and Stripe test mode). */
  confirmPaymentIntent(id: string, opts: { paymentMethod: string; idempotencyKey: string }, signal: AbortSignal): Promise<PaymentIntent>;
  /** Cancels an intent not captured yet; for an authorized one (`requires_capture`) this releases the hold on the card. */
  cancelPaymentIntent(id: string, signal: AbortSignal): Promise<PaymentIntent>;
  /** Captures all of an authorized intent (`requires_capture` → `succeeded`). Idempotent per key. */
  capturePaymentIntent(id: string, opts: { idempotencyKey: string }, signal: AbortSignal): Promise<PaymentIntent>;
  /** Refunds a succeeded intent, all of it unless `amountMinor` is given. Idempotent per key. */
  refundPaymentIntent(id: string, opts: { amountMinor?: number; idempotencyKey: string; reason?: 'duplicate' | 'requested_by_customer' | 'fraudulent' }, signal: AbortSignal): Promise<CardRefund>;
  /** Opens a hosted Checkout Session in payment mode for one line item. Idempotent per key. */
  createCheckoutSession(
    opts: { amountMinor: number; currency: string; productName: string; successUrl: string; cancelUrl: string; clientReferenceId: string; metadata: Record<string, string>; idempotencyKey: string },
    signal: AbortSignal,
  ): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string, signal: AbortSignal): Promise<CheckoutSession>;
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
  stays: StaysProvider;
  cars: CarsProvider;
  cruises: CruiseProvider;
  flightResults: FlightResultsProvider;
  awards: AwardProvider;
  cards: CardProcessor;
  health(): ProviderHealth[];
}
