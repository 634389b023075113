// Great-circle (haversine) distance on a spherical Earth: airports' detours and
// distance bands, hotels' distance from a centre, the simulated world's geography.

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km between two points given as lat/lon (airports). */
export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The same for points given as latitude/longitude (hotels, map pins). */
export function geoPointKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  return greatCircleKm({ lat: a.latitude, lon: a.longitude }, { lat: b.latitude, lon: b.longitude });
}
