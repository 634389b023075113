// Duffel's wire format (API version v2), only the parts this service reads or
// sends. Field names follow Duffel's own; money is a decimal string, durations
// are ISO 8601 ("PT7H5M"), times are local without an offset.

export type DuffelCabinClass = 'economy' | 'premium_economy' | 'business' | 'first';
export type DuffelPassengerType = 'adult' | 'child' | 'infant_without_seat';

/** Every successful body: `{data}` plus, on list endpoints, pagination meta. */
export interface DuffelEnvelope<T> {
  data: T;
  meta?: DuffelListMeta;
}

export interface DuffelListMeta {
  limit: number;
  before: string | null;
  after: string | null;
}

// ---------- errors ----------

export type DuffelErrorType =
  | 'airline_error'
  | 'api_error'
  | 'authentication_error'
  | 'invalid_request_error'
  | 'invalid_state_error'
  | 'rate_limit_error'
  | 'validation_error';

export interface DuffelError {
  type: DuffelErrorType | string;
  code: string;
  title: string;
  message: string;
  documentation_url?: string;
  source?: { field: string; pointer: string };
}

export interface DuffelErrorEnvelope {
  errors: DuffelError[];
  meta: { request_id: string; status: number };
}

// ---------- places, airlines, aircraft ----------

export interface DuffelCity {
  type?: 'city';
  id: string;
  name: string;
  iata_code: string;
  iata_country_code: string;
  time_zone?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  iata_city_code?: string | null;
  city_name?: string | null;
}

export interface DuffelAirport {
  type?: 'airport';
  id: string;
  name: string;
  iata_code: string | null;
  icao_code: string | null;
  iata_city_code: string | null;
  iata_country_code: string;
  city_name: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  city: DuffelCity | null;
}

/** A slice's origin or destination: an airport, or a city when searched by city code. */
export type DuffelPlace = DuffelAirport | (DuffelCity & { airports?: DuffelAirport[] | null });

export interface DuffelAirline {
  id: string;
  name: string;
  iata_code: string | null;
  logo_symbol_url: string | null;
  logo_lockup_url: string | null;
  conditions_of_carriage_url: string | null;
}

export interface DuffelAircraft {
  id: string;
  iata_code: string | null;
  name: string;
}

// ---------- offer request (search) ----------

export interface DuffelSliceInput {
  origin: string;
  destination: string;
  /** YYYY-MM-DD */
  departure_date: string;
}

/** Exactly one of `type: 'adult'` or an age. */
export type DuffelPassengerInput = { type: 'adult' } | { age: number };

export interface DuffelOfferRequestCreate {
  slices: DuffelSliceInput[];
  passengers: DuffelPassengerInput[];
  cabin_class?: DuffelCabinClass;
  max_connections?: 0 | 1 | 2;
}

export interface DuffelOfferRequestSlice {
  origin: DuffelPlace;
  destination: DuffelPlace;
  origin_type: 'airport' | 'city';
  destination_type: 'airport' | 'city';
  departure_date: string;
}

export interface DuffelOfferRequest {
  id: string;
  live_mode: boolean;
  created_at: string;
  cabin_class: DuffelCabinClass | null;
  slices: DuffelOfferRequestSlice[];
  passengers: DuffelOfferPassenger[];
  /** Present when the request was made with `return_offers=true`. */
  offers?: DuffelOffer[];
}

// ---------- offers ----------

export interface DuffelConditionDetail {
  allowed: boolean;
  penalty_amount: string | null;
  penalty_currency: string | null;
}

export interface DuffelConditions {
  refund_before_departure?: DuffelConditionDetail | null;
  change_before_departure?: DuffelConditionDetail | null;
}

export interface DuffelSliceConditions extends DuffelConditions {
  advance_seat_selection?: boolean | null;
  priority_boarding?: boolean | null;
  priority_check_in?: boolean | null;
}

export interface DuffelBaggage {
  type: 'checked' | 'carry_on';
  quantity: number;
}

export interface DuffelSegmentPassenger {
  passenger_id: string;
  cabin_class: DuffelCabinClass;
  cabin_class_marketing_name: string;
  fare_basis_code: string | null;
  baggages: DuffelBaggage[];
}

export interface DuffelSegment {
  id: string;
  origin: DuffelAirport;
  destination: DuffelAirport;
  origin_terminal: string | null;
  destination_terminal: string | null;
  /** Local time at the airport, no offset. */
  departing_at: string;
  arriving_at: string;
  duration: string | null;
  /** Kilometres, as a decimal string. */
  distance: string | null;
  aircraft: DuffelAircraft | null;
  marketing_carrier: DuffelAirline;
  marketing_carrier_flight_number: string;
  operating_carrier: DuffelAirline;
  operating_carrier_flight_number: string | null;
  stops?: unknown[];
  passengers: DuffelSegmentPassenger[];
}

export interface DuffelSlice {
  id: string;
  origin: DuffelPlace;
  destination: DuffelPlace;
  origin_type: 'airport' | 'city';
  destination_type: 'airport' | 'city';
  duration: string | null;
  fare_brand_name: string | null;
  conditions: DuffelSliceConditions;
  /** Groups identical slices across offers (the same flights under another brand). */
  comparison_key?: string;
  ngs_shelf?: number | null;
  segments: DuffelSegment[];
}

export interface DuffelOfferPassenger {
  id: string;
  type?: DuffelPassengerType | null;
  age?: number | null;
  given_name?: string | null;
  family_name?: string | null;
  fare_type?: string | null;
  loyalty_programme_accounts?: { airline_iata_code: string; account_number: string }[];
}

export interface DuffelAvailableService {
  id: string;
  type: 'baggage' | 'cancel_for_any_reason' | string;
  maximum_quantity: number;
  passenger_ids: string[];
  segment_ids: string[];
  total_amount: string;
  total_currency: string;
  metadata?: {
    type?: 'checked' | 'carry_on';
    maximum_weight_kg?: number | null;
    maximum_length_cm?: number | null;
    maximum_height_cm?: number | null;
    maximum_depth_cm?: number | null;
  };
}

export interface DuffelPaymentRequirements {
  requires_instant_payment: boolean;
  price_guarantee_expires_at: string | null;
  payment_required_by: string | null;
}

export interface DuffelOffer {
  id: string;
  live_mode: boolean;
  created_at: string;
  updated_at: string;
  expires_at: string;
  partial?: boolean;
  total_amount: string;
  total_currency: string;
  base_amount: string | null;
  base_currency: string | null;
  tax_amount: string | null;
  tax_currency: string | null;
  total_emissions_kg: string | null;
  owner: DuffelAirline;
  conditions: DuffelConditions;
  payment_requirements?: DuffelPaymentRequirements;
  passengers: DuffelOfferPassenger[];
  passenger_identity_documents_required?: boolean;
  supported_passenger_identity_document_types?: string[];
  supported_loyalty_programmes?: string[];
  /** Only on the single-offer GET with `return_available_services=true`. */
  available_services?: DuffelAvailableService[];
  slices: DuffelSlice[];
}

// ---------- seat maps ----------

export interface DuffelSeatService {
  id: string;
  passenger_id: string;
  total_amount: string;
  total_currency: string;
}

export interface DuffelSeatElement {
  type: 'seat' | 'restricted_seat_general';
  designator: string;
  name?: string | null;
  disclosures: string[];
  /** Empty means the seat cannot be chosen. */
  available_services: DuffelSeatService[];
}

export interface DuffelFacilityElement {
  type: 'bassinet' | 'empty' | 'exit_row' | 'lavatory' | 'galley' | 'closet' | 'stairs';
}

export type DuffelSeatMapElement = DuffelSeatElement | DuffelFacilityElement;

export interface DuffelSeatMapCabin {
  deck: number;
  cabin_class: DuffelCabinClass;
  aisles: number;
  /** 0-based indices over all rows of the cabin, seated or not. */
  wings: { first_row_index: number; last_row_index: number } | null;
  rows: { sections: { elements: DuffelSeatMapElement[] }[] }[];
}

export interface DuffelSeatMap {
  id: string;
  slice_id: string;
  segment_id: string;
  cabins: DuffelSeatMapCabin[];
}

// ---------- orders ----------

export interface DuffelLoyaltyAccount {
  airline_iata_code: string;
  account_number: string;
}

export interface DuffelIdentityDocument {
  type: 'passport' | 'tax_id' | 'known_traveler_number' | 'passenger_redress_number';
  unique_identifier: string;
  issuing_country_code: string;
  expires_on: string;
}

export interface DuffelOrderPassengerInput {
  id: string;
  title: 'mr' | 'ms' | 'mrs' | 'miss' | 'dr';
  gender: 'm' | 'f';
  given_name: string;
  family_name: string;
  born_on: string;
  email: string;
  phone_number: string;
  infant_passenger_id?: string;
  loyalty_programme_accounts?: DuffelLoyaltyAccount[];
  identity_documents?: DuffelIdentityDocument[];
}

export interface DuffelPaymentInput {
  type: 'balance' | 'arc_bsp_cash' | 'card';
  amount: string;
  currency: string;
  three_d_secure_session_id?: string;
}

export interface DuffelOrderCreate {
  selected_offers: [string];
  type: 'instant' | 'hold';
  passengers: DuffelOrderPassengerInput[];
  payments?: DuffelPaymentInput[];
  services?: { id: string; quantity: number }[];
  metadata?: Record<string, string>;
}

export interface DuffelOrderPassenger {
  id: string;
  type?: DuffelPassengerType | null;
  title?: string | null;
  gender?: string | null;
  given_name: string;
  family_name: string;
  born_on?: string | null;
  email?: string | null;
  phone_number?: string | null;
  infant_passenger_id?: string | null;
  loyalty_programme_accounts?: DuffelLoyaltyAccount[];
}

export interface DuffelOrderService {
  id: string;
  type: 'baggage' | 'seat' | 'cancel_for_any_reason' | string;
  quantity: number;
  passenger_ids: string[];
  segment_ids: string[];
  total_amount: string;
  total_currency: string;
  /** Seat services carry `{designator, name, disclosures}`; baggage services the bag's limits. */
  metadata?: Record<string, unknown> | null;
}

export interface DuffelOrderDocument {
  type: 'electronic_ticket' | 'electronic_miscellaneous_document_associated' | 'electronic_miscellaneous_document_standalone';
  unique_identifier: string;
  passenger_ids: string[];
}

export interface DuffelOrderPaymentStatus {
  awaiting_payment: boolean;
  payment_required_by: string | null;
  price_guarantee_expires_at: string | null;
  paid_at: string | null;
}

/** Order slices are offer slices whose segment passengers may carry the chosen seat. */
export type DuffelOrderSlice = DuffelSlice & {
  segments: (DuffelSegment & { passengers: (DuffelSegmentPassenger & { seat?: { designator: string; name?: string | null; disclosures?: string[] } | null })[] })[];
};

export interface DuffelOrder {
  id: string;
  booking_reference: string;
  type?: 'instant' | 'hold' | 'pay_later';
  live_mode: boolean;
  created_at: string;
  synced_at?: string | null;
  cancelled_at: string | null;
  cancellation?: DuffelOrderCancellation | null;
  total_amount: string;
  total_currency: string;
  base_amount: string | null;
  base_currency: string | null;
  tax_amount: string | null;
  tax_currency: string | null;
  owner: DuffelAirline;
  slices: DuffelOrderSlice[];
  passengers: DuffelOrderPassenger[];
  services: DuffelOrderService[];
  conditions: DuffelConditions;
  payment_status: DuffelOrderPaymentStatus;
  documents: DuffelOrderDocument[];
  airline_initiated_changes?: unknown[];
  available_actions: ('cancel' | 'change' | 'update')[];
  metadata: Record<string, string> | null;
}

export interface DuffelPayment {
  id: string;
  type: 'balance' | 'arc_bsp_cash' | 'card';
  amount: string;
  currency: string;
  created_at: string;
}

/** `POST /air/payments` pays a hold order. */
export interface DuffelPaymentCreate {
  order_id: string;
  payment: DuffelPaymentInput;
}

/** `POST /air/orders/{id}/services` */
export interface DuffelAddServices {
  add_services: { id: string; quantity: number }[];
  payment: DuffelPaymentInput;
}

// ---------- cancellations ----------

export interface DuffelOrderCancellation {
  id: string;
  order_id: string;
  refund_amount: string;
  refund_currency: string;
  refund_to: 'arc_bsp_cash' | 'balance' | 'card' | 'voucher' | 'awaiting_payment' | 'airline_credits' | 'original_form_of_payment';
  expires_at: string | null;
  confirmed_at: string | null;
  live_mode: boolean;
  created_at: string;
  airline_credits?: DuffelCancellationCredit[];
}

/** An airline credit as an order cancellation lists it. */
export interface DuffelCancellationCredit {
  id: string;
  credit_name: string | null;
  credit_code: string | null;
  credit_amount: string;
  credit_currency: string;
  issued_on: string | null;
  passenger_id: string | null;
  /** Not always sent: airlines do not reliably disclose expiry at cancellation. */
  expires_at?: string | null;
}

// ---------- customer changes ----------

export interface DuffelChangeRequestCreate {
  order_id: string;
  slices: {
    remove: { slice_id: string }[];
    add: { origin: string; destination: string; departure_date: string; cabin_class: DuffelCabinClass }[];
  };
}

export interface DuffelOrderChangeOffer {
  id: string;
  order_change_id: string | null;
  expires_at: string;
  change_total_amount: string;
  change_total_currency: string;
  new_total_amount: string;
  new_total_currency: string;
  penalty_amount: string | null;
  penalty_currency: string | null;
  refund_to: string | null;
  slices: { add: DuffelSlice[]; remove: DuffelSlice[] };
  live_mode: boolean;
  created_at: string;
  updated_at: string;
}

export interface DuffelOrderChangeRequest {
  id: string;
  order_id: string;
  live_mode: boolean;
  created_at: string;
  updated_at: string;
  slices: { add: { origin: DuffelPlace; destination: DuffelPlace; departure_date: string }[]; remove: { slice_id: string }[] };
  order_change_offers: DuffelOrderChangeOffer[];
}

export interface DuffelOrderChange {
  id: string;
  order_id: string;
  selected_order_change_offer?: string;
  change_total_amount: string;
  change_total_currency: string;
  new_total_amount: string;
  new_total_currency: string;
  penalty_total_amount?: string | null;
  penalty_total_currency?: string | null;
  refund_to: string | null;
  confirmed_at: string | null;
  expires_at: string | null;
  slices: { add: DuffelSlice[]; remove: DuffelSlice[] };
  live_mode: boolean;
  created_at: string;
}

// ---------- Duffel Payments: payment intents and 3-D Secure ----------

export interface DuffelPaymentIntent {
  id: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'cancelled' | 'succeeded';
  amount: string;
  currency: string;
  client_token: string | null;
  fees_amount: string | null;
  fees_currency: string | null;
  net_amount: string | null;
  net_currency: string | null;
  card_network?: string | null;
  card_last_four_digits?: string | null;
  card_country_code?: string | null;
  refunds: unknown[];
  live_mode: boolean;
  confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DuffelThreeDSecureSessionCreate {
  card_id: string;
  resource_id: string;
  services?: { id: string; quantity: number }[];
  cardholder_present: boolean;
  exception?: string;
}

export interface DuffelThreeDSecureSession {
  id: string;
  resource_id: string;
  card_id: string;
  live_mode: boolean;
  expires_at: string;
  status: 'client_action_required' | 'ready_for_payment' | 'failed' | 'expired';
  client_id: string | null;
}
