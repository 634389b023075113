import type { DuffelLoyaltyAccount, DuffelOffer, DuffelOrderPassenger } from '../../providers/duffel/wire.js';
import { isRecord, requireString } from './duffel-sim-input.js';
import { invalid } from './duffel-sim-order-errors.js';

// The passengers and metadata of an order, checked like Duffel does: every
// passenger slot of the offer filled exactly once, with the contact and identity
// fields the airline needs, each error naming its field.

const TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'];
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** E.164: a plus, a country code and up to 15 digits in all. */
const PHONE = /^\+[1-9]\d{6,14}$/;
const MAX_METADATA = 50;
const MAX_METADATA_KEY = 40;
const MAX_METADATA_VALUE = 500;

function isDate(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
}

function readLoyalty(raw: unknown, pointer: string): DuffelLoyaltyAccount[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalid('loyalty_programme_accounts', pointer, 'loyalty_programme_accounts must be a list', 'validation_format');
  return raw.map((a, i) => {
    if (!isRecord(a)) throw invalid('loyalty_programme_accounts', `${pointer}/${i}`, 'each account needs airline_iata_code and account_number', 'validation_format');
    return { airline_iata_code: requireString(a.airline_iata_code, 'airline_iata_code', `${pointer}/${i}/airline_iata_code`), account_number: requireString(a.account_number, 'account_number', `${pointer}/${i}/account_number`) };
  });
}

function checkIdentityDocuments(raw: unknown, pointer: string): void {
  if (raw === undefined || raw === null) return;
  if (!Array.isArray(raw) || raw.length > 1) throw invalid('identity_documents', pointer, 'identity_documents must be a list of at most one document', 'validation_format');
  const doc: unknown = raw[0];
  if (doc === undefined) return;
  if (!isRecord(doc) || doc.type !== 'passport') throw invalid('type', `${pointer}/0/type`, 'the only supported identity document is a passport', 'validation_format');
  requireString(doc.unique_identifier, 'unique_identifier', `${pointer}/0/unique_identifier`);
  const country = requireString(doc.issuing_country_code, 'issuing_country_code', `${pointer}/0/issuing_country_code`);
  if (!/^[A-Z]{2}$/.test(country)) throw invalid('issuing_country_code', `${pointer}/0/issuing_country_code`, 'issuing_country_code must be an ISO 3166-1 alpha-2 code', 'validation_format');
  const expires = requireString(doc.expires_on, 'expires_on', `${pointer}/0/expires_on`);
  if (!isDate(expires)) throw invalid('expires_on', `${pointer}/0/expires_on`, 'expires_on must be a date in YYYY-MM-DD format', 'validation_format');
}

function readPassenger(p: unknown, i: number, today: string): DuffelOrderPassenger {
  const at = `/passengers/${i}`;
  if (!isRecord(p)) throw invalid('passengers', at, 'each passenger must be an object', 'validation_format');
  const field = (name: string) => requireString(p[name], name, `${at}/${name}`);
  const id = field('id');
  const title = field('title');
  if (!TITLES.includes(title)) throw invalid('title', `${at}/title`, 'title must be one of mr, ms, mrs, miss, dr', 'validation_format');
  const gender = field('gender');
  if (gender !== 'm' && gender !== 'f') throw invalid('gender', `${at}/gender`, 'gender must be m or f', 'validation_format');
  const givenName = field('given_name').trim();
  const familyName = field('family_name').trim();
  if (!givenName) throw invalid('given_name', `${at}/given_name`, 'given_name is required', 'validation_required');
  if (!familyName) throw invalid('family_name', `${at}/family_name`, 'family_name is required', 'validation_required');
  const bornOn = field('born_on');
  if (!isDate(bornOn)) throw invalid('born_on', `${at}/born_on`, 'born_on must be a date in YYYY-MM-DD format', 'validation_format');
  if (bornOn > today) throw invalid('born_on', `${at}/born_on`, 'born_on must be in the past');
  const email = field('email');
  if (!EMAIL.test(email)) throw invalid('email', `${at}/email`, 'email must be a valid email address', 'validation_format');
  const phone = field('phone_number');
  if (!PHONE.test(phone)) throw invalid('phone_number', `${at}/phone_number`, 'phone_number must be in E.164 format, e.g. +442080160509', 'validation_format');
  checkIdentityDocuments(p.identity_documents, `${at}/identity_documents`);
  const infant = p.infant_passenger_id;
  if (infant !== undefined && infant !== null && typeof infant !== 'string') throw invalid('infant_passenger_id', `${at}/infant_passenger_id`, 'infant_passenger_id must be a passenger id', 'validation_format');
  return {
    id,
    title,
    gender,
    given_name: givenName,
    family_name: familyName,
    born_on: bornOn,
    email,
    phone_number: phone,
    infant_passenger_id: typeof infant === 'string' ? infant : null,
    loyalty_programme_accounts: readLoyalty(p.loyalty_programme_accounts, `${at}/loyalty_programme_accounts`),
  };
}

/** The order's passengers in the offer's order, each with its type; throws on the first problem. */
export function readPassengers(raw: unknown, offer: DuffelOffer, today: string): DuffelOrderPassenger[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('passengers', '/passengers', 'passengers must list every passenger of the offer', 'validation_required');
  const slots = new Map(offer.passengers.map((p) => [p.id, p] as const));
  const filled = new Map<string, DuffelOrderPassenger>();
  const given = raw.map((p, i) => {
    const passenger = readPassenger(p, i, today);
    // An offer crossing a border needs each traveller's passport, as Duffel flags it on the offer.
    if (offer.passenger_identity_documents_required && !(isRecord(p) && Array.isArray(p.identity_documents) && p.identity_documents.length > 0)) {
      throw invalid('identity_documents', `/passengers/${i}/identity_documents`, 'identity_documents are required for this offer: a passport for every passenger', 'validation_required');
    }
    if (!slots.has(passenger.id)) throw invalid('id', `/passengers/${i}/id`, `passenger ${passenger.id} is not a passenger of this offer`);
    if (filled.has(passenger.id)) throw invalid('id', `/passengers/${i}/id`, `passenger ${passenger.id} is given more than once`);
    filled.set(passenger.id, passenger);
    return passenger;
  });
  const missing = offer.passengers.findIndex((p) => !filled.has(p.id));
  if (missing >= 0) throw invalid('passengers', '/passengers', `passenger ${offer.passengers[missing]!.id} of the offer is missing`, 'validation_required');

  // Every infant travels on the lap of exactly one adult, who names it.
  const carers = new Map<string, string>();
  given.forEach((p, i) => {
    if (!p.infant_passenger_id) return;
    const pointer = `/passengers/${i}/infant_passenger_id`;
    if (slots.get(p.id)?.type !== 'adult') throw invalid('infant_passenger_id', pointer, 'only an adult can travel with an infant');
    if (slots.get(p.infant_passenger_id)?.type !== 'infant_without_seat') throw invalid('infant_passenger_id', pointer, `${p.infant_passenger_id} is not an infant of this offer`);
    if (carers.has(p.infant_passenger_id)) throw invalid('infant_passenger_id', pointer, `infant ${p.infant_passenger_id} already travels with another adult`);
    carers.set(p.infant_passenger_id, p.id);
  });
  const alone = offer.passengers.find((p) => p.type === 'infant_without_seat' && !carers.has(p.id));
  if (alone) throw invalid('infant_passenger_id', '/passengers', `infant ${alone.id} must be named by the adult it travels with (infant_passenger_id)`, 'validation_required');

  return offer.passengers.map((slot) => ({ ...filled.get(slot.id)!, type: slot.type ?? null }));
}

export function readMetadata(raw: unknown): Record<string, string> | null {
  if (raw === undefined || raw === null) return null;
  if (!isRecord(raw)) throw invalid('metadata', '/metadata', 'metadata must be an object of string values', 'validation_format');
  const entries = Object.entries(raw);
  if (entries.length > MAX_METADATA) throw invalid('metadata', '/metadata', `metadata holds at most ${MAX_METADATA} keys`);
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || k.length > MAX_METADATA_KEY || v.length > MAX_METADATA_VALUE) {
      throw invalid('metadata', `/metadata/${k}`, `metadata values must be strings of at most ${MAX_METADATA_VALUE} characters, keys at most ${MAX_METADATA_KEY}`, 'validation_format');
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
