// The seats.aero Partner API wire format, field names exactly as sent
// (PascalCase on objects, camelCase on the list envelope). Sources: the Go
// client's structs (denverquane/seats-aero-go) and the TS client's schema
// (gavgrego/seats.aero-mcp-server); see /work/shared/design/providers.md §5.

/** seats.aero cabin letters: Y economy, W premium economy, J business, F first. */
export type CabinLetter = 'Y' | 'W' | 'J' | 'F';
export const CABIN_LETTERS = ['Y', 'W', 'J', 'F'] as const satisfies readonly CabinLetter[];

/** Cabin names as the `cabins` query parameter and a trip's `Cabin` spell them. */
export type WireCabin = 'economy' | 'premium' | 'business' | 'first';

export interface WireRoute {
  ID: string;
  OriginAirport: string;
  /** "North America", "Europe", ... */
  OriginRegion: string;
  DestinationAirport: string;
  DestinationRegion: string;
  /** How many days ahead the program publishes space on this route. */
  NumDaysOut: number;
  /** Great-circle miles. */
  Distance: number;
  Source: string;
}

// The per-cabin columns repeat once per letter (YAvailable, JMileageCost, ...).
type PerCabin<Suffix extends string, T> = { [C in CabinLetter as `${C}${Suffix}`]: T };

export type AvailabilityCabinFields = PerCabin<'Available', boolean> &
  /** Display form, e.g. "60000"; "0" when the cabin has no space. */
  PerCabin<'MileageCost', string> &
  PerCabin<'MileageCostRaw', number> &
  /** Minor units of TaxesCurrency (cents). */
  PerCabin<'TotalTaxes', number> &
  /** 0 when unknown (some programs never report seats). */
  PerCabin<'RemainingSeats', number> &
  /** Comma-separated carrier codes, e.g. "UA, LH". */
  PerCabin<'Airlines', string> &
  /** Whether the cheapest space in the cabin includes a nonstop. */
  PerCabin<'Direct', boolean>;

export type Availability = AvailabilityCabinFields & {
  ID: string;
  RouteID: string;
  Route: WireRoute;
  /** YYYY-MM-DD, departure date at the origin. */
  Date: string;
  /** The same date as an ISO timestamp at midnight UTC. */
  ParsedDate: string;
  TaxesCurrency: string;
  Source: string;
  /** ISO timestamps (true UTC) of when seats.aero first and last saw this space. */
  CreatedAt: string;
  UpdatedAt: string;
  /** Present with `include_trips=true`; absent or null otherwise. */
  AvailabilityTrips?: AvailabilityTrip[] | null;
};

export interface AvailabilitySegment {
  ID: string;
  RouteID: string;
  AvailabilityID: string;
  AvailabilityTripID: string;
  /** Carrier code and number together, e.g. "UA123". */
  FlightNumber: string;
  Distance: number;
  FareClass: string;
  AircraftName: string;
  AircraftCode: string;
  OriginAirport: string;
  DestinationAirport: string;
  /**
   * Wall-clock time at the airport, written with a "Z" suffix that does not
   * mean UTC (e.g. "2026-12-01T17:45:00Z" for 17:45 local).
   */
  DepartsAt: string;
  ArrivesAt: string;
  /** Minutes in the air; some responses carry it, the Go client does not model it. */
  Duration?: number;
  Cabin: WireCabin;
  /** 0-based position in the trip; array order is not guaranteed. */
  Order: number;
  Source: string;
  CreatedAt: string;
  UpdatedAt: string;
}

export interface AvailabilityTrip {
  ID: string;
  RouteID: string;
  AvailabilityID: string;
  AvailabilitySegments: AvailabilitySegment[];
  /** Minutes, first departure to last arrival. */
  TotalDuration: number;
  Stops: number;
  /** Comma-separated carrier codes, e.g. "AC, LH". */
  Carriers: string;
  RemainingSeats: number;
  MileageCost: number;
  /** Minor units of TaxesCurrency. */
  TotalTaxes: number;
  TaxesCurrency: string;
  TaxesCurrencySymbol: string;
  AllianceCost: number;
  TotalSegmentDistance: number;
  /** Comma-separated, e.g. "AC123, LH456". */
  FlightNumbers: string;
  /** Local wall-clock times with a misleading "Z", as on segments. */
  DepartsAt: string;
  ArrivesAt: string;
  Cabin: WireCabin;
  Source: string;
  Filtered: boolean;
  CreatedAt: string;
  UpdatedAt: string;
}

/** `GET /search` and `GET /availability` answer with this envelope. */
export interface ListResponse<T> {
  data: T[];
  count: number;
  hasMore: boolean;
  /** Pass back unchanged on later pages, together with `skip`. */
  cursor: number;
}

/** `GET /trips/{id}`. */
export interface TripsResponse {
  data: AvailabilityTrip[];
  origin_coordinates: { Lat: number; Lon: number };
  destination_coordinates: { Lat: number; Lon: number };
  booking_links: { label: string; link: string; primary: boolean }[];
  revalidation_id: string;
}

/** Error bodies are not documented; clients surface status and text. The simulator sends this. */
export interface WireError {
  message: string;
}
