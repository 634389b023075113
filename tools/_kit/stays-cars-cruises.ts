import type { Money, ProviderMode } from './provider-basics.js';

// Domain types and ports for stays (Duffel Stays), car rental (Duffel Cars) and
// cruises. Real adapters, simulators and fakes in adapters/providers/ implement
// them; tools see nothing else.

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

// ---------- stays ----------

export interface StaySearchQuery {
  checkIn: string; // YYYY-MM-DD
  checkOut: string;
  rooms: number;
  adults: number;
  /** Ages of the children. */
  childAges: number[];
  location: { center: GeoPoint; radiusKm: number };
  freeCancellationOnly?: boolean;
  /** Vacation rentals join hotels (our simulator; Duffel Stays has hotels only). */
  includeRentals?: boolean;
}

export interface StayAddress {
  lineOne: string;
  city: string;
  postalCode: string | null;
  region: string | null;
  countryCode: string;
}

export interface Accommodation {
  /** Provider id (Duffel acc_...). */
  id: string;
  name: string;
  kind: 'hotel' | 'vacation_rental';
  /** Star rating 1–5, when known. */
  rating: number | null;
  reviewScore: number | null;
  chain: string | null;
  brand: string | null;
  /** Duffel loyalty reference the stay earns in (e.g. `marriott_bonvoy`), when any. */
  loyaltyProgramme: string | null;
  address: StayAddress;
  location: GeoPoint;
  amenities: string[];
  photos: string[];
}

export type BoardType = 'room_only' | 'breakfast' | 'half_board' | 'full_board' | 'all_inclusive';
export type StayPaymentType = 'pay_now' | 'deposit' | 'guarantee';

export interface StayRate {
  /** Provider rate id (Duffel rat_...), quoted to book. */
  id: string;
  roomName: string;
  beds: { type: string; count: number }[];
  total: Money;
  base: Money | null;
  tax: Money | null;
  fee: Money | null;
  dueAtAccommodation: Money | null;
  boardType: BoardType;
  paymentType: StayPaymentType;
  /** Refund available if cancelled before each time; empty means non-refundable. */
  cancellationTimeline: { before: string; refund: Money }[];
  conditions: { title: string; description: string }[];
  loyaltyProgramme: string | null;
  quantityAvailable: number | null;
  expiresAt: string | null;
}

export interface StaySearchResult {
  /** Provider search-result id: fetch its rates with it. */
  id: string;
  accommodation: Accommodation;
  checkIn: string;
  checkOut: string;
  rooms: number;
  cheapestTotal: Money;
  expiresAt: string | null;
  /** Filled by fetchAllRates only. */
  rates: StayRate[];
}

export interface StayQuote {
  /** Provider quote id (quo_...). */
  id: string;
  rateId: string;
  accommodation: Accommodation;
  checkIn: string;
  checkOut: string;
  rooms: number;
  total: Money;
  dueAtAccommodation: Money | null;
  cancellationTimeline: { before: string; refund: Money }[];
  boardType: BoardType;
  roomName: string;
  loyaltyProgramme: string | null;
}

export interface StayGuestInput {
  givenName: string;
  familyName: string;
}

export interface StayBooking {
  /** Provider booking id (bok_...). */
  id: string;
  /** The hotel's confirmation reference. */
  reference: string;
  status: 'confirmed' | 'cancelled';
  accommodation: Accommodation;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: StayGuestInput[];
  email: string;
  total: Money;
  cancellationTimeline: { before: string; refund: Money }[];
  confirmedAt: string | null;
  cancelledAt: string | null;
  metadata: Record<string, string>;
  /**
   * What the cancellation refunded, when the provider says (our simulator's
   * `refund_amount`/`refund_currency` extension; Duffel does not send it).
   * Absent otherwise: tools then apply the cancellation timeline.
   */
  refund?: Money | null;
}

export interface StaysProvider {
  readonly name: 'duffel';
  readonly mode: ProviderMode;
  search(query: StaySearchQuery, signal: AbortSignal): Promise<StaySearchResult[]>;
  /** Every room and rate of one search result; ProviderError not_found when it expired. */
  fetchAllRates(searchResultId: string, signal: AbortSignal): Promise<StaySearchResult>;
  /** Locks a rate's price; not_found/rejected when the rate is gone. */
  createQuote(rateId: string, signal: AbortSignal): Promise<StayQuote>;
  /** Books a quote, paid from our balance (we are paid by card first). Never retried. */
  createBooking(req: { quoteId: string; guests: StayGuestInput[]; email: string; phoneNumber: string; specialRequests?: string; loyaltyAccountNumber?: string; metadata?: Record<string, string> }, signal: AbortSignal): Promise<StayBooking>;
  getBooking(bookingId: string, signal: AbortSignal): Promise<StayBooking>;
  /**
   * The booking whose metadata has `metadataKey: metadataValue` (our booking id),
   * or null when the provider holds none: settles a booking whose creation went unanswered.
   */
  findBooking(match: BookingMetadataMatch, signal: AbortSignal): Promise<StayBooking | null>;
  cancelBooking(bookingId: string, signal: AbortSignal): Promise<StayBooking>;
}

/** A metadata entry we put on every booking we create, to find it again when its creation went unanswered. */
export interface BookingMetadataMatch {
  metadataKey: string;
  metadataValue: string;
}

// ---------- cars ----------

export interface CarSearchQuery {
  pickUp: { at: string; location: GeoPoint; radiusKm: number }; // at: local YYYY-MM-DDTHH:MM
  dropOff: { at: string; location: GeoPoint; radiusKm: number };
  driverAge: number;
  residenceCountryCode: string;
}

export interface CarRate {
  /** Provider rate id, quoted to book (Duffel cars rate id). */
  id: string;
  total: Money;
  base: Money | null;
  paymentType: 'postpaid' | 'guarantee' | 'prepaid';
  mileage: { type: 'unlimited' } | { type: 'limited'; unit: 'km' | 'mi'; limit: number };
  supplier: { name: string; logoUrl: string | null };
  car: {
    name: string;
    /** ACRISS (SIPP) code, e.g. "CDMR". */
    acriss: string;
    category: string;
    type: string;
    transmission: 'manual' | 'automatic';
    fuel: string | null;
    airConditioning: boolean;
    seats: number;
    bags: { large: number; small: number };
  };
  pickUpLocation: { name: string; address: string | null; location: GeoPoint };
  dropOffLocation: { name: string; address: string | null; location: GeoPoint };
  expiresAt: string | null;
  /** The terms stated at search time; null or absent when the provider states none before a quote. */
  terms?: CarTerms | null;
}

/** A rate's terms as the provider states them at search time; null fields are not stated. */
export interface CarTerms {
  /** ISO instant until which cancelling refunds in full; null: never free. */
  freeCancellationUntil: string | null;
  fuelPolicy: 'full_to_full' | 'full_to_empty' | null;
  cdwIncluded: boolean | null;
  theftProtectionIncluded: boolean | null;
  /** What the renter still pays after damage or theft when cover is included. */
  excess: Money | null;
  /** Held on the driver's card at the counter. */
  deposit: Money | null;
}

export interface CarSearch {
  id: string;
  rates: CarRate[];
}

export interface CarQuote {
  id: string;
  rateId: string;
  rate: CarRate;
  total: Money;
  charges: { description: string; amount: Money; payableAt: 'booking' | 'counter' }[];
  conditions: { title: string; description: string }[];
  expiresAt: string | null;
}

export interface CarDriverInput {
  givenName: string;
  familyName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
}

export interface CarBooking {
  id: string;
  reference: string;
  status: 'confirmed' | 'cancelled';
  rate: CarRate;
  driver: CarDriverInput;
  total: Money;
  confirmedAt: string | null;
  cancelledAt: string | null;
  metadata: Record<string, string>;
  /**
   * What the provider gives back on a cancelled booking, when it says (our simulator's
   * `refund_amount`/`refund_currency` extension; Duffel's documented booking has no such field).
   * Zero for postpaid rentals, which took no money; absent or null when unknown.
   */
  refund?: Money | null;
}

export interface CarsProvider {
  readonly name: 'duffel';
  readonly mode: ProviderMode;
  search(query: CarSearchQuery, signal: AbortSignal): Promise<CarSearch>;
  createQuote(rateId: string, signal: AbortSignal): Promise<CarQuote>;
  /** Never retried. `prepaid` rates are paid from our balance (merchant of record); others at the counter. */
  createBooking(req: { quoteId: string; driver: CarDriverInput; inboundFlightNumber?: string; metadata?: Record<string, string> }, signal: AbortSignal): Promise<CarBooking>;
  getBooking(bookingId: string, signal: AbortSignal): Promise<CarBooking>;
  /** The booking whose metadata has `metadataKey: metadataValue` (our booking id), or null when the provider holds none. */
  findBooking(match: BookingMetadataMatch, signal: AbortSignal): Promise<CarBooking | null>;
  cancelBooking(bookingId: string, signal: AbortSignal): Promise<CarBooking>;
}

// ---------- cruises ----------

export type CruiseCabin = 'interior' | 'oceanview' | 'balcony' | 'suite';
export type CruiseRegion = 'caribbean' | 'bahamas' | 'mediterranean' | 'northern_europe' | 'alaska' | 'mexican_riviera' | 'hawaii' | 'asia' | 'australia' | 'transatlantic';

export interface CruiseQuery {
  region?: CruiseRegion;
  /** Earliest and latest departure dates, YYYY-MM-DD. */
  departFrom: string;
  departTo: string;
  minNights: number;
  maxNights: number;
  cabin?: CruiseCabin;
  guests: number;
}

export interface CruiseSailing {
  id: string;
  line: string;
  ship: string;
  region: CruiseRegion;
  /** code: the port's own (UN/LOCODE location part, "SOU"); locode: the whole UN/LOCODE ("GBSOU"); airport: the IATA fly-in airport ("LHR"). */
  departurePort: { code: string; locode: string | null; airport: string | null; name: string; country: string };
  departureDate: string;
  returnDate: string;
  nights: number;
  /** Ports in order, day by day, with sea days. */
  itinerary: { day: number; port: string | null; country: string | null; seaDay: boolean }[];
  /** Per person, double occupancy, before taxes and port fees. */
  pricePerPerson: Partial<Record<CruiseCabin, Money>>;
  taxesAndFeesPerPerson: Money;
}

/** A cruise supplier; the built-in inventory implements it, a real supplier can be plugged in. */
export interface CruiseProvider {
  readonly name: string;
  readonly mode: ProviderMode;
  search(query: CruiseQuery, signal: AbortSignal): Promise<CruiseSailing[]>;
}
