// Where a request comes from, as the edge tells it: the caller's address and the country and coordinates of its metadata.

/** The geolocation fallback: the United States and its geographic centre. */
const US_FALLBACK = { countryCode: 'US', latitude: 39.8283, longitude: -98.5795 };

/** The caller's address as the edge saw it: CF-Connecting-IP, else the first X-Forwarded-For; a value that is not an address is ignored. */
export function clientIp(header: (name: string) => string | undefined): string {
  const plausible = (v: string | undefined) => {
    const ip = v?.trim();
    return ip && ip.length <= 45 && /^[0-9a-fA-F:.]+$/.test(ip) && /[.:]/.test(ip) ? ip : undefined;
  };
  return plausible(header('cf-connecting-ip')) ?? plausible(header('x-forwarded-for')?.split(',')[0]) ?? '127.0.0.1';
}

const coordinate = (v: unknown, limit: number) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** Country and coordinates from the edge's request metadata; the United States when the country is unknown. */
export function locationFromCf(cf: Record<string, unknown> | undefined) {
  const country = typeof cf?.country === 'string' && /^[A-Z]{2}$/.test(cf.country) && cf.country !== 'XX' && cf.country !== 'T1' ? cf.country : null;
  if (!country) return { ...US_FALLBACK };
  return { countryCode: country, latitude: coordinate(cf?.latitude, 90), longitude: coordinate(cf?.longitude, 180) };
}
