import { z } from 'zod';
import { inputNow } from '../_kit/input-clock.js';

// Validators for one traveler's fields, shared by the REST input and the MCP
// arguments. Each normalises first (trim, case, separators) and then checks.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real YYYY-MM-DD calendar date (no 2024-02-30). */
export function isCalendarDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const todayUtc = () => inputNow().toISOString().slice(0, 10);

const calendarDate = z.string().trim().refine(isCalendarDate, 'Use a real date as YYYY-MM-DD');

/** Names: Unicode-normalised (NFC), trimmed, inner runs of spaces collapsed; letters, marks, spaces, . ' - only. */
export const PersonName = z
  .string()
  .transform((s) => s.normalize('NFC').trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'Required').max(100).regex(/^[\p{L}\p{M}' .-]+$/u, "Use letters, spaces, hyphens, apostrophes and periods only"));

export const DateOfBirth = calendarDate
  .refine((s) => s >= '1900-01-01', 'Must be on or after 1900-01-01')
  .refine((s) => s < todayUtc(), 'Must be in the past')
  .describe('Date of birth, YYYY-MM-DD, in the past.');

export const Email = z.string().trim().max(254).pipe(z.email('Not a valid email address'));

/** E.164-ish: spaces, dots, dashes and parentheses are dropped; then + and 7 to 15 digits. */
export const Phone = z
  .string()
  .transform((s) => s.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Use international format: + country code and number, e.g. +14155550100'));

export const GENDERS = ['male', 'female', 'unspecified', 'undisclosed'] as const;
export const Gender = z.enum(GENDERS);

/** Region codes Intl knows that are not countries issuing passports. */
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO']);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  return regionNames.of(code) !== undefined;
}

export const CountryCode = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine(isCountryCode, 'Use an ISO 3166-1 alpha-2 country code such as GB')
  .describe('Issuing country, ISO 3166-1 alpha-2 (e.g. GB).');

/** Document numbers: spaces and dashes dropped, upper-cased, then letters and digits only. */
const documentNumber = (min: number, max: number) =>
  z
    .string()
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(new RegExp(`^[A-Z0-9]{${min},${max}}$`), `Use ${min} to ${max} letters and digits`));

export const PassportNumber = documentNumber(5, 20);
export const KnownTravelerNumber = documentNumber(5, 25).describe('Known-traveler number (e.g. TSA PreCheck / Global Entry PASSID).');

export const PassportInput = z.object({
  number: PassportNumber.describe('Passport number; stored encrypted, shown masked.'),
  country: CountryCode,
  expiry: calendarDate.refine((s) => s >= '1990-01-01', 'Must be on or after 1990-01-01').describe('Expiry date, YYYY-MM-DD.'),
});

export const LoyaltyInput = z.object({
  program: z.string().trim().min(1).max(60).describe('Programme name or code, e.g. "United MileagePlus" or "UA".'),
  number: z
    .string()
    .transform((s) => s.replace(/\s/g, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9-]{3,40}$/, 'Use 3 to 40 letters, digits or dashes')),
});

export const LoyaltyList = z
  .array(LoyaltyInput)
  .max(20)
  .refine((list) => new Set(list.map((l) => l.program.toLowerCase())).size === list.length, 'One number per programme');
