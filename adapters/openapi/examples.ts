// Realistic examples for the named schemas, shown by /docs and generated clients
// instead of "string" placeholders. Dates are fixed (the file must not change from one
// build to the next) and plausible: March 2027. test/openapi-examples.test.ts checks
// each one against its schema. Answers come from the simulators (captured-examples.ts).
import { CAPTURED_EXAMPLES } from './captured-examples.js';
import { WEBHOOK_EXAMPLES } from './webhook-examples.js';
import type { FlightResult } from '../../tools/flights/flight-result.js';
import { sliceId } from '../../tools/flights/stream/slice-ids.js';

const passenger = {
  title: 'ms',
  gender: 'f',
  given_name: 'Amelia',
  family_name: 'Hart',
  born_on: '1987-07-24',
  email: 'amelia.hart@example.com',
  phone_number: '+442080160509',
  loyalty_programme_accounts: [{ airline_iata_code: 'BA', account_number: '12345678' }],
};

const jfkLhr = {
  flight: 'BA117',
  carrier: 'BA',
  operating_carrier: null,
  origin: 'JFK',
  destination: 'LHR',
  departing_at: '2027-03-14T20:15:00',
  arriving_at: '2027-03-15T08:20:00',
  duration_minutes: 425,
  aircraft: 'Boeing 777-300ER',
};

// The captured flight is also shown as the search stream sends it: its first slice as a slice event, the flight naming its slices by id.
const { slices, ...flight } = CAPTURED_EXAMPLES['Flight'] as FlightResult;

export const EXAMPLES: Readonly<Record<string, unknown>> = {
  ...CAPTURED_EXAMPLES,
  StreamedFlight: { ...flight, slice_ids: slices.map(sliceId) },
  StreamedSlice: { id: sliceId(slices[0]!), ...slices[0]! },
  ...WEBHOOK_EXAMPLES,
  FlightSearchRequest: {
    origin: 'JFK',
    destination: 'LHR',
    departure_date: '2027-03-14',
    return_date: '2027-03-21',
    passengers: 1,
    cabin_class: 'business',
    search_type: 'both',
    currency: 'USD',
  },
  Money: { amount: 612.4, currency: 'USD' },
  FlightSegment: jfkLhr,
  Segment: { ...jfkLhr, id: 'seg_0000AgsRtcqHQNQmiMcUDJ', carrier_name: 'British Airways' },
  Passenger: passenger,
  LoyaltyAccount: { airline_iata_code: 'BA', account_number: '12345678' },
  BookingRequest: {
    offer_id: 'duffel:off_0000AgsRtcqHQNQmiMcUDI',
    payment_intent_id: 'pi_3QxYz2LkdIwHu7ix0Tm3WzUq',
    passengers: [passenger],
  },
  SeatHoldInput: { offer_id: 'duffel:off_0000AgsRtcqHQNQmiMcUDI', passenger_slot: 'pas_0000AgsRtcqHQNQmiMcUDK', segment_id: 'seg_0000AgsRtcqHQNQmiMcUDJ', designator: '14B' },
  HotelSearchRequest: { city: 'Lisbon', check_in: '2027-03-14', check_out: '2027-03-18', rooms: 1, adults: 2 },
  CarSearchRequest: {
    pick_up: { place: 'LIS', at: '2027-03-14T10:00' },
    drop_off: { place: 'LIS', at: '2027-03-18T10:00' },
    driver_age: 35,
  },
  CreateTripRequest: { name: 'Lisbon with friends', destination: 'Lisbon', start_date: '2027-03-14', end_date: '2027-03-18', currency: 'EUR' },
  CreateAlertRequest: { origin: 'JFK', destination: 'LIS', date_from: '2027-03-10', date_to: '2027-03-20', cabin_class: 'economy', target_price: 450, currency: 'USD' },
  CreateOfferInput: { origin: 'JFK', destination: 'LHR', departure_date: '2027-03-14', return_date: '2027-03-21', adults: 1, cabin_class: 'business' },
  Playbook: { home_airports: ['JFK', 'EWR'], preferred_airlines: ['BA', 'AA'], cabin: 'business', programs: [{ program: 'amex_mr', balance: 120000 }], min_cpp: 1.5, self_connect_risk: 'cautious' },
  StayRatesRequest: { search_result_id: 'srr_32ACASR5VGRS5HWKT8AQXT07QX' },
  PathsRequest: { origin: 'JFK', destination: 'LHR', departure_date: '2027-03-14', cabin_class: 'business', cash_price: 1615.7, currency: 'USD', passengers: 1 },
  CruiseSearchRequest: { region: 'mediterranean', depart_from: '2027-05-01', depart_to: '2027-06-30', min_nights: 7, max_nights: 10, guests: 2 },
  AddActivityRequest: { title: 'Tram 28 and Alfama walk', starts_at: '2027-03-15T10:00:00Z', ends_at: '2027-03-15T13:00:00Z', place: 'Largo Martim Moniz, Lisbon', cost: 12, currency: 'EUR' },
  AddExpenseRequest: { paid_by: 'tm_3f1c2a9d8e7b6a5c4d3e2f10', description: 'Dinner at Cervejaria Ramiro', amount: 146.5, currency: 'EUR', category: 'food', split: { method: 'equal' }, spent_on: '2027-03-15' },
  UpdateStatusRequest: { status: 'booked' },
  SetBudgetRequest: { total: 4000, categories: { lodging: 1600, food: 900, transport: 800 } },
  TravelerInput: { first_name: 'Amelia', last_name: 'Hart', dob: '1987-07-24', email: 'amelia.hart@example.com', gender: 'female' },
};
