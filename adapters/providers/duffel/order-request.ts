import type { ChangeSliceAdd, CreateOrderRequest, OrderPassengerInput } from '../../../tools/_kit/providers.js';
import { balancePayment } from './map-payments.js';
import type { DuffelChangeRequestCreate, DuffelOrderCreate, DuffelOrderPassengerInput } from './wire.js';

// Domain requests → Duffel request bodies for order creation and changes.

function passengerBody(p: OrderPassengerInput): DuffelOrderPassengerInput {
  const out: DuffelOrderPassengerInput = {
    id: p.id,
    title: p.title,
    gender: p.gender,
    given_name: p.givenName,
    family_name: p.familyName,
    born_on: p.bornOn,
    email: p.email,
    phone_number: p.phoneNumber,
  };
  if (p.infantPassengerId) out.infant_passenger_id = p.infantPassengerId;
  if (p.loyaltyAccounts?.length) out.loyalty_programme_accounts = p.loyaltyAccounts.map((a) => ({ airline_iata_code: a.airlineIataCode, account_number: a.accountNumber }));
  if (p.identityDocument) {
    const d = p.identityDocument;
    out.identity_documents = [{ type: d.type, unique_identifier: d.number, issuing_country_code: d.issuingCountryCode, expires_on: d.expiresOn }];
  }
  return out;
}

export function orderCreateBody(request: CreateOrderRequest): DuffelOrderCreate {
  const body: DuffelOrderCreate = { selected_offers: [request.offerId], type: request.type, passengers: request.passengers.map(passengerBody) };
  // A hold is paid later, so it carries no payment even if the caller passed one.
  if (request.type === 'instant' && request.payment) body.payments = [balancePayment(request.payment)];
  if (request.services?.length) body.services = request.services.map((s) => ({ id: s.id, quantity: s.quantity }));
  if (request.metadata && Object.keys(request.metadata).length > 0) body.metadata = { ...request.metadata };
  return body;
}

export function changeRequestBody(orderId: string, change: { removeSliceIds: string[]; add: ChangeSliceAdd[] }): DuffelChangeRequestCreate {
  return {
    order_id: orderId,
    slices: {
      remove: change.removeSliceIds.map((slice_id) => ({ slice_id })),
      add: change.add.map((a) => ({ origin: a.origin, destination: a.destination, departure_date: a.departureDate, cabin_class: a.cabin })),
    },
  };
}
