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
