import type { StayQuote } from '../../../tools/_kit/stays-cars-cruises.js';
import { isRecord, malformed, requireString } from '../duffel/malformed.js';
import { optionalMoney, toMoney } from '../duffel/map-money.js';
import { mapAccommodation } from './map-accommodation.js';
import { mapRate, soleRate } from './map-rate.js';
import type { DuffelStaysQuote } from './wire.js';

// A Duffel quote. Its price fields sit on the quote; the room, board type and
// cancellation timeline come from the one rate its accommodation carries.

export function mapQuote(quote: DuffelStaysQuote, requestedRateId: string): StayQuote {
  if (!isRecord(quote)) throw malformed('quote is missing');
  const accommodation = mapAccommodation(quote.accommodation);
  const quoted = soleRate(quote.accommodation, requestedRateId);
  // Without its rate we cannot say what was quoted (room, board, refunds): not a quote to sell.
  if (quoted === null) throw malformed(`quote ${String(quote.id)} carries no rate`);
  const rate = mapRate(quoted.rate, quoted.room);
  const rooms = quote.rooms;
  if (!Number.isInteger(rooms) || rooms < 1) throw malformed(`quote rooms "${String(rooms)}"`);
  return {
    id: requireString(quote.id, 'quote id'),
    rateId: requestedRateId,
    accommodation,
    checkIn: requireString(quote.check_in_date, 'quote check_in_date'),
    checkOut: requireString(quote.check_out_date, 'quote check_out_date'),
    rooms,
    total: toMoney(quote.total_amount, quote.total_currency),
    dueAtAccommodation: optionalMoney(quote.due_at_accommodation_amount, quote.due_at_accommodation_currency) ?? null,
    cancellationTimeline: rate.cancellationTimeline,
    boardType: rate.boardType,
    roomName: rate.roomName,
    loyaltyProgramme: typeof quote.supported_loyalty_programme === 'string' && quote.supported_loyalty_programme !== '' ? quote.supported_loyalty_programme : rate.loyaltyProgramme,
  };
}
