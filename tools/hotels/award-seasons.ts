import { MONTH_SEASON, type Season } from './data/award-pricing.js';

// Which season each night of a stay falls in (the calendar is described in the dataset).

const ORDER: readonly Season[] = ['off_peak', 'standard', 'peak'];

function shift(season: Season, by: -1 | 1): Season {
  const i = Math.min(ORDER.length - 1, Math.max(0, ORDER.indexOf(season) + by));
  return ORDER[i] ?? season;
}

/** The nights of a stay, as the dates they start on (check-in up to the day before check-out). */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  const end = Date.parse(`${checkOut}T00:00:00Z`);
  for (let t = Date.parse(`${checkIn}T00:00:00Z`); t < end; t += 86_400_000) nights.push(new Date(t).toISOString().slice(0, 10));
  return nights;
}

/** The season of the night starting on `date` at a hotel on this latitude. */
export function nightSeason(date: string, latitude: number): Season {
  const day = new Date(`${date}T00:00:00Z`);
  const month = day.getUTCMonth();
  const dom = day.getUTCDate();
  if ((month === 11 && dom >= 20) || (month === 0 && dom <= 2)) return 'peak';
  // South of the equator summer falls in the northern winter.
  const base = MONTH_SEASON[latitude < 0 ? (month + 6) % 12 : month] ?? 'standard';
  const weekday = day.getUTCDay();
  if (weekday === 5 || weekday === 6) return shift(base, 1);
  if (weekday === 0) return shift(base, -1);
  return base;
}

/** The season most nights fall in; the higher one on a tie. */
export function staySeason(seasons: readonly Season[]): Season {
  let best: Season = 'standard';
  let bestCount = -1;
  for (const s of ORDER) {
    const count = seasons.filter((x) => x === s).length;
    if (count >= bestCount && count > 0) {
      best = s;
      bestCount = count;
    }
  }
  return best;
}
