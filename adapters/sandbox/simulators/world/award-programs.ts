import type { AwardProgram } from './types.js';

// Loyalty programs seats.aero reports, with how each prices and behaves. As of:
// early 2026. Sources: seats.aero's source list (developers.seats.aero concepts
// page: which programs report seat counts) and the programs' partner pages.
// Partner lists beyond alliance members, surcharge levels and availability
// habits are APPROXIMATE modelling choices.

const program = (slug: string, name: string, airline: string, alliance: AwardProgram['alliance'], pricing: AwardProgram['pricing'], reportsSeats: boolean, taxesCurrency = 'USD'): AwardProgram =>
  Object.freeze({ slug, name, airline, alliance, pricing, reportsSeats, taxesCurrency });

export const AWARD_PROGRAMS: readonly AwardProgram[] = Object.freeze([
  program('aeroplan', 'Aeroplan', 'AC', 'star_alliance', 'distance_chart', false, 'CAD'),
  program('united', 'MileagePlus', 'UA', 'star_alliance', 'dynamic', true),
  program('american', 'AAdvantage', 'AA', 'oneworld', 'region_chart', false),
  program('delta', 'SkyMiles', 'DL', 'skyteam', 'dynamic', true),
  program('alaska', 'Atmos Rewards', 'AS', 'oneworld', 'distance_chart', true),
  program('flyingblue', 'Flying Blue', 'AF', 'skyteam', 'dynamic', true),
  program('virginatlantic', 'Flying Club', 'VS', 'skyteam', 'region_chart', true),
  program('emirates', 'Emirates Skywards', 'EK', null, 'distance_chart', false),
  program('etihad', 'Etihad Guest', 'EY', null, 'distance_chart', true),
  program('qantas', 'Qantas Frequent Flyer', 'QF', 'oneworld', 'distance_chart', false),
  program('velocity', 'Velocity Frequent Flyer', 'VA', null, 'distance_chart', true),
  program('eurobonus', 'SAS EuroBonus', 'SK', 'skyteam', 'region_chart', true),
  program('aeromexico', 'Aeroméxico Rewards', 'AM', 'skyteam', 'dynamic', true),
  program('connectmiles', 'ConnectMiles', 'CM', 'star_alliance', 'region_chart', false),
  program('smiles', 'Smiles', 'G3', null, 'dynamic', true),
  program('azul', 'Azul Fidelidade', 'AD', null, 'dynamic', false),
  program('jetblue', 'TrueBlue', 'B6', null, 'dynamic', true),
  program('qatar', 'Privilege Club', 'QR', 'oneworld', 'distance_chart', true),
  program('turkish', 'Miles&Smiles', 'TK', 'star_alliance', 'region_chart', true),
  program('singapore', 'KrisFlyer', 'SQ', 'star_alliance', 'region_chart', true),
]);

/** Carrier surcharges a program passes on, USD per one-way: [economy/premium economy, business/first]. */
export interface Surcharge {
  carriers: readonly string[];
  fromEurope: readonly [number, number];
  other: readonly [number, number];
}

export interface ProgramRules {
  /** Airlines whose flights count as the program's own metal. */
  own: readonly string[];
  /** Partners beyond the alliance. */
  extraPartners: readonly string[];
  /** Own-metal prices may run to floor × (1 + spread) with demand; 0 for fixed charts. */
  dynamicSpread: number;
  /** Revenue-based: points per fare dollar are fixed by this many US cents a point. */
  centsPerPoint?: number;
  /** Releases more space inside two weeks. */
  lastMinute: boolean;
  /** Releases more space when the schedule opens (~11 months out). */
  farOut: boolean;
  surcharges: readonly Surcharge[];
}

const rules = (r: Partial<ProgramRules> & Pick<ProgramRules, 'own'>): ProgramRules => ({
  extraPartners: [], dynamicSpread: 0, lastMinute: false, farOut: false, surcharges: [], ...r,
});

const LH_GROUP = ['LH', 'LX', 'OS', 'SN'];

export const PROGRAM_RULES: Readonly<Record<string, ProgramRules>> = {
  aeroplan: rules({ own: ['AC'], extraPartners: ['EY', 'EK', 'AD'], lastMinute: true, surcharges: [{ carriers: LH_GROUP, fromEurope: [100, 250], other: [100, 250] }] }),
  united: rules({ own: ['UA'], extraPartners: ['EK', 'AD', 'B6'], dynamicSpread: 2.5, lastMinute: true }),
  american: rules({ own: ['AA'], extraPartners: ['EY', 'G3'], lastMinute: true, farOut: true, surcharges: [{ carriers: ['BA', 'IB'], fromEurope: [200, 550], other: [180, 450] }] }),
  delta: rules({ own: ['DL'], extraPartners: ['LA', 'WS', 'VA'], dynamicSpread: 3 }),
  alaska: rules({ own: ['AS'], extraPartners: ['EK', 'SQ'], lastMinute: true, surcharges: [{ carriers: ['BA'], fromEurope: [100, 250], other: [80, 200] }] }),
  flyingblue: rules({ own: ['AF', 'KL'], extraPartners: ['G3'], dynamicSpread: 2.5, surcharges: [{ carriers: ['AF', 'KL'], fromEurope: [150, 300], other: [80, 150] }] }),
  virginatlantic: rules({ own: ['VS'], extraPartners: ['NH', 'SQ'], farOut: true, surcharges: [{ carriers: ['VS'], fromEurope: [250, 600], other: [200, 450] }, { carriers: ['AF', 'KL'], fromEurope: [150, 300], other: [80, 150] }] }),
  emirates: rules({ own: ['EK'], extraPartners: ['QF'], farOut: true, surcharges: [{ carriers: ['EK'], fromEurope: [150, 450], other: [100, 250] }] }),
  etihad: rules({ own: ['EY'], extraPartners: ['AA', 'AF', 'KL', 'VA'], surcharges: [{ carriers: ['EY'], fromEurope: [60, 120], other: [60, 120] }] }),
  qantas: rules({ own: ['QF'], extraPartners: ['EK', 'LA'], farOut: true, surcharges: [{ carriers: ['QF', 'EK', 'BA', 'CX'], fromEurope: [150, 350], other: [120, 300] }] }),
  velocity: rules({ own: ['VA'], extraPartners: ['SQ', 'EY', 'UA', 'NZ', 'QR', 'NH'] }),
  eurobonus: rules({ own: ['SK'], surcharges: [{ carriers: ['SK'], fromEurope: [40, 100], other: [40, 100] }] }),
  aeromexico: rules({ own: ['AM'], dynamicSpread: 2 }),
  connectmiles: rules({ own: ['CM'] }),
  smiles: rules({ own: ['G3'], extraPartners: ['AF', 'KL', 'EK', 'TK', 'AA'], dynamicSpread: 2.5, surcharges: [{ carriers: ['AF', 'KL'], fromEurope: [100, 200], other: [100, 200] }] }),
  azul: rules({ own: ['AD'], extraPartners: ['UA', 'TP'], dynamicSpread: 2.5 }),
  jetblue: rules({ own: ['B6'], centsPerPoint: 1.4 }),
  qatar: rules({ own: ['QR'], surcharges: [{ carriers: ['QR'], fromEurope: [60, 150], other: [60, 150] }] }),
  turkish: rules({ own: ['TK'], surcharges: [{ carriers: ['TK', ...LH_GROUP], fromEurope: [60, 150], other: [60, 150] }] }),
  singapore: rules({ own: ['SQ'], extraPartners: ['VA', 'AS'], farOut: true, surcharges: [{ carriers: LH_GROUP, fromEurope: [100, 250], other: [100, 250] }] }),
};

/** Units of the taxes currency per USD (round, approximate rates). */
export const USD_RATE: Readonly<Record<string, number>> = { USD: 1, CAD: 1.37, EUR: 0.92, AUD: 1.52 };
