import type { CarDriverInput, CarSearchQuery, CarsProvider } from '../../../tools/_kit/stays-cars-cruises.js';
import type { DuffelCarsBookingCreate, DuffelCarsSearchCreate, DuffelCarsSearchLocation } from './wire.js';

// The request bodies the cars adapter sends, in Duffel's field names.

/** Splits a local "YYYY-MM-DDTHH:MM" into Duffel's date and time fields. */
export function splitLocal(at: string): { date: string; time: string } {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(at);
  if (!m) throw new RangeError(`expected a local YYYY-MM-DDTHH:MM, got "${at}"`);
  return { date: m[1]!, time: m[2]! };
}

function location(place: CarSearchQuery['pickUp']): DuffelCarsSearchLocation {
  return { radius: place.radiusKm, geographic_coordinates: { latitude: place.location.latitude, longitude: place.location.longitude } };
}

export function carSearchBody(query: CarSearchQuery): DuffelCarsSearchCreate {
  const pickUp = splitLocal(query.pickUp.at);
  const dropOff = splitLocal(query.dropOff.at);
  return {
    pickup_date: pickUp.date,
    pickup_time: pickUp.time,
    dropoff_date: dropOff.date,
    dropoff_time: dropOff.time,
    pickup_location: location(query.pickUp),
    dropoff_location: location(query.dropOff),
    driver: { age: query.driverAge, residence_country_code: query.residenceCountryCode.toUpperCase() },
  };
}

function driverBody(d: CarDriverInput): DuffelCarsBookingCreate['driver'] {
  return { given_name: d.givenName, family_name: d.familyName, email: d.email, phone_number: d.phoneNumber, date_of_birth: d.dateOfBirth };
}

/** No `payment`: prepaid rates are paid from our Duffel balance, the others at the counter. */
export function carBookingBody(req: Parameters<CarsProvider['createBooking']>[0]): DuffelCarsBookingCreate {
  const body: DuffelCarsBookingCreate = { quote_id: req.quoteId, driver: driverBody(req.driver) };
  if (req.inboundFlightNumber) body.inbound_flight_number = req.inboundFlightNumber;
  if (req.metadata && Object.keys(req.metadata).length > 0) body.metadata = req.metadata;
  return body;
}
