// The rental fleet of the simulated world: per market, the ACRISS classes the
// rental brands sell there, with a real example model ("or similar", as every
// brand words it), seats, suitcases and a base daily price.
// As of: 2026-01. Sources (facts only): the ACRISS code matrix (acriss.org), and
// the public fleet guides of Hertz, Avis, Enterprise, Sixt and Europcar, which show
// these models in these classes. Seats and bags are the manufacturers' figures,
// rounded to what the brands print (large = checked suitcase, small = cabin bag).
// Base prices are this model's inputs, not published rates: USD per day at a market
// of cost level 1.0 (the US average), mid-season, for a 3–6 day rental booked a few
// weeks ahead, before taxes and fees.

export type FleetMarket = 'north_america' | 'europe' | 'latin_america' | 'asia_pacific' | 'middle_east_africa';

/** Where a class is stocked: every counter; large airports and half the medium ones; large airports only. */
export type FleetTier = 'core' | 'wide' | 'hub';

export interface FleetCar {
  acriss: string;
  model: string;
  seats: number;
  bags: { large: number; small: number };
  baseUsd: number;
  tier: FleetTier;
  /** Youngest driver for the class (premium, luxury, sports cars and big vans need 25); the brand's own minimum applies too. */
  minAge: number;
}

const car = (acriss: string, model: string, seats: number, large: number, small: number, baseUsd: number, tier: FleetTier, minAge = 18): FleetCar => ({
  acriss,
  model: `${model} or similar`,
  seats,
  bags: { large, small },
  baseUsd,
  tier,
  minAge,
});

export const FLEETS: Readonly<Record<FleetMarket, readonly FleetCar[]>> = {
  // US and Canadian fleets are automatic throughout.
  north_america: [
    car('ECAR', 'Mitsubishi Mirage', 5, 1, 1, 38, 'core'),
    car('CCAR', 'Nissan Versa', 5, 1, 2, 41, 'core'),
    car('ICAR', 'Toyota Corolla', 5, 2, 1, 45, 'core'),
    car('SCAR', 'Volkswagen Jetta', 5, 2, 2, 49, 'wide'),
    car('FCAR', 'Toyota Camry', 5, 2, 2, 54, 'core'),
    car('PCAR', 'Cadillac CT4', 5, 2, 1, 78, 'wide', 25),
    car('LCAR', 'BMW 5 Series', 5, 2, 2, 120, 'hub', 25),
    car('IFAR', 'Toyota RAV4', 5, 2, 2, 60, 'core'),
    car('SFAR', 'Jeep Grand Cherokee', 5, 3, 2, 72, 'core'),
    car('FFAR', 'Chevrolet Tahoe', 7, 4, 2, 98, 'wide'),
    car('MVAR', 'Chrysler Pacifica', 7, 3, 2, 92, 'wide'),
    car('STAR', 'Ford Mustang Convertible', 4, 1, 1, 95, 'hub', 25),
    car('FVAR', 'Ford Transit 12-Passenger Van', 12, 4, 4, 145, 'hub', 25),
  ],
  // European fleets are mostly manual; automatics cost more.
  europe: [
    car('MBMR', 'Fiat 500', 4, 0, 2, 30, 'core'),
    car('ECMR', 'Peugeot 208', 5, 1, 1, 34, 'core'),
    car('CDMR', 'Volkswagen Golf', 5, 1, 2, 40, 'core'),
    car('CDAR', 'Volkswagen Golf Automatic', 5, 1, 2, 47, 'core'),
    car('CDAE', 'Volkswagen ID.3', 5, 1, 2, 52, 'wide'),
    car('IDMR', 'Skoda Octavia', 5, 2, 2, 46, 'wide'),
    car('IDAR', 'Peugeot 308 Automatic', 5, 2, 1, 52, 'core'),
    car('IWMR', 'Skoda Octavia Estate', 5, 2, 2, 50, 'wide'),
    car('CFMR', 'Peugeot 2008', 5, 1, 2, 48, 'wide'),
    car('SFAR', 'Volkswagen Tiguan', 5, 2, 2, 70, 'wide'),
    car('FFAR', 'Volvo XC90', 7, 3, 2, 115, 'hub', 25),
    car('PDAR', 'BMW 3 Series', 5, 2, 1, 88, 'wide', 25),
    car('LDAR', 'Mercedes-Benz E-Class', 5, 2, 2, 130, 'hub', 25),
    car('MVMR', 'Volkswagen Touran', 7, 2, 2, 78, 'wide'),
    car('FVMR', 'Mercedes-Benz Vito 9-seater', 9, 4, 3, 120, 'hub', 25),
  ],
  latin_america: [
    car('MCMR', 'Renault Kwid', 5, 0, 2, 24, 'core'),
    car('ECMR', 'Chevrolet Onix', 5, 1, 1, 28, 'core'),
    car('ECAR', 'Kia Rio', 5, 1, 1, 32, 'core'),
    car('CDAR', 'Nissan Versa', 5, 1, 2, 36, 'core'),
    car('IDAR', 'Toyota Corolla', 5, 2, 1, 44, 'wide'),
    car('CFAR', 'Jeep Renegade', 5, 1, 2, 50, 'wide'),
    car('IFAR', 'Toyota RAV4', 5, 2, 2, 58, 'wide'),
    car('SQAR', 'Toyota Hilux Double Cab', 5, 2, 2, 70, 'hub'),
    car('MVAR', 'Chevrolet Spin', 7, 2, 1, 55, 'hub'),
  ],
  asia_pacific: [
    car('ECAR', 'Toyota Yaris', 5, 1, 1, 35, 'core'),
    car('CDAR', 'Mazda3', 5, 1, 2, 40, 'core'),
    car('ICAR', 'Toyota Corolla', 5, 2, 1, 44, 'core'),
    car('FCAR', 'Toyota Camry', 5, 2, 2, 52, 'core'),
    car('IFAR', 'Toyota RAV4', 5, 2, 2, 60, 'core'),
    car('SFAR', 'Hyundai Santa Fe', 5, 3, 2, 70, 'wide'),
    car('FFAR', 'Toyota LandCruiser Prado', 7, 3, 2, 100, 'hub'),
    car('MVAR', 'Kia Carnival', 8, 3, 2, 90, 'wide'),
    car('LDAR', 'BMW 5 Series', 5, 2, 2, 130, 'hub', 25),
    car('FVAR', 'Toyota HiAce Commuter', 12, 4, 4, 140, 'hub', 25),
  ],
  middle_east_africa: [
    car('ECMR', 'Dacia Sandero', 5, 1, 1, 26, 'core'),
    car('ECAR', 'Nissan Sunny', 5, 1, 1, 30, 'core'),
    car('CDAR', 'Hyundai Accent', 5, 1, 2, 34, 'core'),
    car('CFMR', 'Dacia Duster', 5, 2, 1, 40, 'core'),
    car('ICAR', 'Toyota Corolla', 5, 2, 1, 42, 'core'),
    car('FCAR', 'Toyota Camry', 5, 2, 2, 50, 'wide'),
    car('IFAR', 'Toyota RAV4', 5, 2, 2, 58, 'wide'),
    car('FFAR', 'Nissan Patrol', 7, 3, 2, 110, 'hub', 25),
    car('LDAR', 'Mercedes-Benz E-Class', 5, 2, 2, 130, 'hub', 25),
    car('MVAR', 'Kia Carnival', 8, 3, 2, 85, 'hub'),
  ],
};

/** The ACRISS category letter (first letter): M mini … L luxury. */
export const categoryLetter = (acriss: string): string => acriss[0] ?? '';
