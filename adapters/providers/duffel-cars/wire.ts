// Duffel Cars' wire format (API version v2), only the parts this service reads or
// sends. Duffel Cars is a preview API: the shapes follow the official JS client
// (duffel-api-javascript src/Cars/CarsTypes.ts, added 2026-03-27) and the
// cars-quotes reference page. Anything else is marked UNCONFIRMED.
// Money is a decimal string plus a currency; dates are YYYY-MM-DD and times HH:MM,
// local to the rental location.

export interface DuffelCarsCoordinates {
  latitude: number;
  longitude: number;
}

export interface DuffelCarsSearchLocation {
  /** UNCONFIRMED unit: kilometres, as for Duffel Stays' search radius. */
  radius?: number;
  geographic_coordinates: DuffelCarsCoordinates;
}

export interface DuffelCarsSearchCreate {
  pickup_date: string;
  pickup_time: string;
  dropoff_date: string;
  dropoff_time: string;
  pickup_location: DuffelCarsSearchLocation;
  dropoff_location: DuffelCarsSearchLocation;
  /** Age on the pick-up date, and country of residence (ISO 3166-1 alpha-2). */
  driver: { age: number; residence_country_code: string };
}

export type DuffelCarsPaymentType = 'postpaid' | 'guarantee' | 'prepaid';
export const DUFFEL_CARS_PAYMENT_TYPES: readonly DuffelCarsPaymentType[] = ['postpaid', 'guarantee', 'prepaid'];

export type DuffelCarsMileage = { type: 'unlimited' } | { type: 'limited'; unit: 'kilometres' | 'miles'; limit: number };

export interface DuffelCarsSupplier {
  name: string;
  logo_url: string | null;
}

export type DuffelCarsCategory =
  | 'mini' | 'mini_elite' | 'economy' | 'economy_elite' | 'compact' | 'compact_elite'
  | 'intermediate' | 'intermediate_elite' | 'standard' | 'standard_elite' | 'fullsize' | 'fullsize_elite'
  | 'premium' | 'premium_elite' | 'luxury' | 'luxury_elite' | 'special';

export type DuffelCarsVehicleType =
  | 'two_door' | 'two_or_four_door' | 'four_door' | 'wagon_estate' | 'passenger_van' | 'limousine' | 'sport'
  | 'convertible' | 'suv' | 'open_air_all_terrain' | 'special' | 'pickup_regular_cab' | 'pickup_extended_cab'
  | 'special_offer_car' | 'coupe' | 'monospace' | 'recreational_vehicle' | 'two_wheel_vehicle';

export type DuffelCarsFuel = 'unspecified_fuel' | 'diesel' | 'hybrid' | 'electric' | 'lpg' | 'hydrogen' | 'multi_fuel' | 'petrol';

export interface DuffelCar {
  name: string;
  /** ACRISS (SIPP) code, four letters. */
  code: string;
  category: DuffelCarsCategory;
  type: DuffelCarsVehicleType;
  transmission: 'manual' | 'automatic';
  fuel: DuffelCarsFuel;
  air_conditioning: boolean;
  max_passengers: number | null;
  baggage: { large: number; small: number } | null;
  images: { url: string }[] | null;
}

export interface DuffelCarsLocation {
  name: string;
  geographic_coordinates: DuffelCarsCoordinates;
  address: { line_one: string | null; city_name: string | null; postal_code: string | null; region: string | null; country_code: string };
  phone_number: string | null;
  access: 'in_terminal' | 'shuttle' | 'meet_and_greet' | 'call_for_pickup' | null;
  additional_information: { title: string; text: string }[];
  opening_hours: { from: string; to: string }[];
}

export interface DuffelCarsRate {
  /** rae_... */
  id: string;
  base_amount: string | null;
  base_currency: string | null;
  total_amount: string;
  total_currency: string;
  payment_type: DuffelCarsPaymentType;
  mileage: DuffelCarsMileage;
  supplier: DuffelCarsSupplier;
  car: DuffelCar;
  pickup_location: DuffelCarsLocation;
  dropoff_location: DuffelCarsLocation;
  /** Not in Duffel's types (rate expiry UNCONFIRMED); our simulator's extension. */
  expires_at?: string | null;
  /** Not in Duffel's types (its rates state no terms before a quote); our simulator's extension. */
  terms?: DuffelCarsRateTerms | null;
}

/** The terms a rate is sold on, at search time (simulator extension). */
export interface DuffelCarsRateTerms {
  /** ISO instant until which cancelling refunds in full; null: never free. */
  free_cancellation_until: string | null;
  fuel_policy: 'full_to_full' | 'full_to_empty';
  collision_damage_waiver_included: boolean;
  theft_protection_included: boolean;
  excess_amount: string | null;
  excess_currency: string | null;
  deposit_amount: string;
  deposit_currency: string;
}

export interface DuffelCarsSearch extends DuffelCarsSearchCreate {
  /** seh_... */
  id: string;
  live_mode: boolean;
  created_at: string;
  rates: DuffelCarsRate[];
}

export interface DuffelCarsCharge {
  amount: string;
  currency: string;
  description: string | null;
}

export interface DuffelCarsCondition {
  title: string;
  text: string;
}

/** What a quote and a booking share: the rate they were made from, priced again. */
interface DuffelCarsPriced {
  base_amount: string | null;
  base_currency: string;
  total_amount: string;
  total_currency: string;
  charges: DuffelCarsCharge[] | null;
  payment_type: DuffelCarsPaymentType;
  mileage: DuffelCarsMileage;
  supplier: DuffelCarsSupplier;
  car: DuffelCar;
  conditions: DuffelCarsCondition[];
  privacy_policies: { title: string; text: string }[] | null;
  pickup_location: DuffelCarsLocation;
  dropoff_location: DuffelCarsLocation;
  pickup_date: string;
  pickup_time: string;
  dropoff_date: string;
  dropoff_time: string;
}

export interface DuffelCarsQuote extends DuffelCarsPriced {
  /** qut_... */
  id: string;
  live_mode: boolean;
  rate_id: string;
  search_id: string;
  /** Not in Duffel's types or reference page (quote expiry UNCONFIRMED); our simulator's extension. */
  expires_at?: string | null;
}

export interface DuffelCarsDriver {
  given_name: string;
  family_name: string;
  email: string;
  phone_number: string;
  date_of_birth: string;
  user_id?: string | null;
}

export interface DuffelCarsBookingCreate {
  quote_id: string;
  driver: DuffelCarsDriver;
  inbound_flight_number?: string;
  /** Card details for guarantee rates; left out here: prepaid rates are paid from our Duffel balance (UNCONFIRMED). */
  payment?: { method: 'card'; card_id: string };
  metadata?: Record<string, string>;
}

export interface DuffelCarsBooking extends DuffelCarsPriced {
  /** boo_... */
  id: string;
  live_mode: boolean;
  /** The supplier's confirmation number. */
  reference: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  status: 'confirmed' | 'cancelled';
  driver: DuffelCarsDriver;
  quote_id: string;
  metadata: Record<string, string> | null;
  users: string[];
  /** Our simulator's extension on a cancelled booking: what came back (not in Duffel's types). */
  refund_amount?: string | null;
  refund_currency?: string | null;
}
