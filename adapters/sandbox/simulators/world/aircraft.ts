// Aircraft names the schedule uses; each is a key of the seat layout table.

export const AIRCRAFT = {
  E175: 'Embraer E175',
  CRJ900: 'Bombardier CRJ900',
  E190: 'Embraer E190',
  A220: 'Airbus A220-300',
  A320N: 'Airbus A320neo',
  A321N: 'Airbus A321neo',
  A321LR: 'Airbus A321LR',
  A321XLR: 'Airbus A321XLR',
  B738: 'Boeing 737-800',
  B38M: 'Boeing 737 MAX 8',
  B39M: 'Boeing 737 MAX 9',
  B788: 'Boeing 787-8',
  B789: 'Boeing 787-9',
  A333: 'Airbus A330-300',
  A359: 'Airbus A350-900',
  B77W: 'Boeing 777-300ER',
  A388: 'Airbus A380-800',
} as const;

export type AircraftName = (typeof AIRCRAFT)[keyof typeof AIRCRAFT];

const WIDE = new Set<string>([AIRCRAFT.B788, AIRCRAFT.B789, AIRCRAFT.A333, AIRCRAFT.A359, AIRCRAFT.B77W, AIRCRAFT.A388]);

export function isWidebody(aircraft: string): boolean {
  return WIDE.has(aircraft);
}
