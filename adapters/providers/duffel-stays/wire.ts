// Duffel Stays' wire format (API version v2), only the parts this service reads
// or sends. Field names follow Duffel's own (official JS client `src/Stays/*`,
// recorded fixtures in duffelhq/duffel-components); money is a decimal string
// with its currency beside it; radius is in kilometres.
//
// Fields marked EXTENSION are not Duffel's: only our simulator sends or reads
// them, and the adapter treats them as optional so it runs unchanged against
// api.duffel.com.

export interface DuffelGeoCoordinates {
  latitude: number;
  longitude: number;
}

// ---------- search ----------

export type DuffelStaysGuest = { type: 'adult' } | { type: 'child'; age: number };

export interface DuffelStaysSearchCreate {
  check_in_date: string;
  check_out_date: string;
  rooms: number;
  guests: DuffelStaysGuest[];
  location: { radius: number; geographic_coordinates: DuffelGeoCoordinates };
  free_cancellation_only?: boolean;
  /** EXTENSION: our simulator adds vacation rentals only when asked. Never sent unless true. */
  include_rentals?: boolean;
}

export interface DuffelStaysSearch {
  created_at?: string;
  results: DuffelStaysSearchResult[];
}

export interface DuffelStaysSearchResult {
  /** Real prefix UNCONFIRMED (the JS client's mock says `sta_…`). */
  id: string;
  expires_at?: string | null;
  check_in_date: string;
  check_out_date: string;
  rooms: number;
  guests?: DuffelStaysGuest[];
  accommodation: DuffelAccommodation;
  cheapest_rate_total_amount: string;
  cheapest_rate_currency: string;
  cheapest_rate_base_amount?: string | null;
  cheapest_rate_base_currency?: string | null;
  cheapest_rate_public_amount?: string | null;
  cheapest_rate_public_currency?: string | null;
  cheapest_rate_due_at_accommodation_amount?: string | null;
  cheapest_rate_due_at_accommodation_currency?: string | null;
}

// ---------- accommodation, rooms and rates ----------

export interface DuffelStaysAddress {
  line_one: string;
  city_name: string;
  postal_code: string | null;
  region: string | null;
  country_code: string;
}

export interface DuffelStaysAmenity {
  type: string;
  description: string;
}

export interface DuffelStaysCancellationTimelineEntry {
  before: string;
  refund_amount: string;
  currency: string;
}

export interface DuffelStaysCondition {
  title: string;
  description: string;
}

export type DuffelStaysBoardType = 'room_only' | 'breakfast' | 'half_board' | 'full_board' | 'all_inclusive';
export type DuffelStaysPaymentType = 'pay_now' | 'deposit' | 'guarantee';

export interface DuffelStaysRate {
  /** `rat_…` */
  id: string;
  expires_at?: string | null;
  total_amount: string;
  total_currency: string;
  base_amount: string | null;
  base_currency: string;
  tax_amount: string | null;
  tax_currency: string;
  fee_amount: string | null;
  fee_currency: string;
  due_at_accommodation_amount: string | null;
  due_at_accommodation_currency: string;
  public_amount?: string | null;
  public_currency?: string | null;
  board_type: DuffelStaysBoardType;
  payment_type: DuffelStaysPaymentType;
  available_payment_methods?: ('balance' | 'card')[];
  /** Refunds by deadline, ascending; empty means non-refundable. */
  cancellation_timeline: DuffelStaysCancellationTimelineEntry[];
  conditions: DuffelStaysCondition[];
  supported_loyalty_programme: string | null;
  loyalty_programme_required?: boolean;
  source?: string | null;
  quantity_available: number | null;
  estimated_commission_amount?: string | null;
  estimated_commission_currency?: string | null;
  code?: string | null;
  name?: string | null;
  description?: string | null;
  negotiated_rate_id?: string | null;
}

export interface DuffelStaysRoom {
  name: string;
  beds?: { type: string; count: number }[] | null;
  photos?: { url: string }[] | null;
  rates: DuffelStaysRate[];
}

export interface DuffelAccommodation {
  /** `acc_…` */
  id: string;
  name: string;
  description?: string | null;
  location: { address: DuffelStaysAddress; geographic_coordinates: DuffelGeoCoordinates | null };
  /** Star rating 1–5. */
  rating: number | null;
  review_score: number | null;
  review_count?: number | null;
  ratings?: { source: string; value: number }[] | null;
  amenities: DuffelStaysAmenity[] | null;
  chain: { name: string } | null;
  brand?: { id: string; name: string } | null;
  photos?: { url: string }[] | null;
  check_in_information?: { check_in_after_time: string; check_out_before_time: string } | null;
  phone_number?: string | null;
  email?: string | null;
  /** Empty in search results; every room and rate after fetch_all_rates; the quoted (or booked) rate only in a quote or booking. */
  rooms: DuffelStaysRoom[];
  supported_loyalty_programme?: string | null;
  /** EXTENSION: our simulator marks vacation rentals so; Duffel Stays sells hotels only and never sends it. */
  type?: 'hotel' | 'vacation_rental';
}

// ---------- quotes ----------

export interface DuffelStaysQuoteCreate {
  rate_id: string;
}

export interface DuffelStaysQuote {
  /** `quo_…` */
  id: string;
  check_in_date: string;
  check_out_date: string;
  rooms: number;
  guests?: DuffelStaysGuest[];
  /** Carries the quoted rate as its only room and rate. */
  accommodation: DuffelAccommodation;
  total_amount: string;
  total_currency: string;
  base_amount: string | null;
  base_currency: string;
  tax_amount: string | null;
  tax_currency: string;
  fee_amount: string | null;
  fee_currency: string;
  due_at_accommodation_amount: string | null;
  due_at_accommodation_currency: string;
  deposit_amount?: string | null;
  deposit_currency?: string | null;
  supported_loyalty_programme: string | null;
  /** Not in Duffel's client types (quote expiry UNCONFIRMED); our simulator sends it. Read when present. */
  expires_at?: string | null;
}

// ---------- bookings ----------

export interface DuffelStaysBookingGuest {
  given_name: string;
  family_name: string;
  user_id?: string;
}

export interface DuffelStaysBookingCreate {
  quote_id: string;
  guests: DuffelStaysBookingGuest[];
  email: string;
  phone_number: string;
  accommodation_special_requests?: string;
  loyalty_programme_account_number?: string;
  /** Left out: the booking is paid from our Duffel balance. */
  payment?: { card_id: string } | { three_d_secure_session_id: string };
  metadata?: Record<string, string>;
}

/** Duffel's documented values plus the JS client's older `cancellation_confirmed`. */
export type DuffelStaysBookingStatus = 'confirmed' | 'cancelled' | 'cancellation_confirmed' | 'requested' | 'failed';

export interface DuffelStaysBooking {
  /** `bok_…` */
  id: string;
  /** The accommodation's confirmation reference. */
  reference: string | null;
  status: DuffelStaysBookingStatus;
  confirmed_at: string | null;
  cancelled_at: string | null;
  /** Carries the booked rate as its only room and rate. */
  accommodation: DuffelAccommodation;
  check_in_date: string;
  check_out_date: string;
  rooms: number;
  guests: DuffelStaysBookingGuest[];
  email: string;
  phone_number: string;
  supported_loyalty_programme?: string | null;
  loyalty_programme_account_number?: string | null;
  key_collection?: { instructions: string } | null;
  metadata: Record<string, string> | null;
  /** Not in Duffel's client types (UNCONFIRMED); read when present, else the booked rate's total is used. */
  total_amount?: string | null;
  total_currency?: string | null;
  /** EXTENSION: our simulator states the refund on a cancelled booking. */
  refund_amount?: string | null;
  refund_currency?: string | null;
}
