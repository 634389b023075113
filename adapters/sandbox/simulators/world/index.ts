// The simulated travel world every provider simulator draws from, so the same
// flight shows up consistently across the Duffel-, SerpApi- and seats.aero-like
// simulators. Deterministic: no randomness or clock beyond the inputs.
//
// Itinerary keys read "<carrier><number>.<from>-<to>" per flight, joined with
// "_", then "@<first departure date>": "BA117.LHR-JFK@2026-12-01",
// "DL67.JFK-CDG_AF1013.CDG-NCE@2026-12-01". They use URL-safe characters only;
// itineraryByKey() finds the itinerary again.

export type * from './types.js';
export { AIRLINES, airlineInfo } from './airlines.js';
export { distanceKm } from './geo.js';
export { itineraries, itineraryByKey } from './schedule.js';
export { cashPrice, typicalPrice, type CashPriceOptions } from './fares.js';
export { fareBrands } from './fare-brands.js';
export { cabinOffered } from './cabins.js';
export { AWARD_PROGRAMS } from './award-programs.js';
export { awardSpace, chartMiles, chartRange, AWARD_CABIN_CLASS, type AwardSpaceOptions } from './awards.js';
export { seatLayout, seatLayoutFor, seatTaken, seatPriceUsd, cabinDeck, seatGroups } from './seats.js';
