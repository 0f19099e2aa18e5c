// Who stays in each room (docs/contract.md#rooms-rates-and-availability): one value per room, `<adults>` or
// `<adults>-<age>,<age>,…` as Expedia's Rapid API writes it. The search box, the product page, the API and the
// booking read and write it through these functions alone. The rules are in ./occupancy-party.ts (no zod, for the
// islands); this module adds the query and body schemas the API validates with.
import { z } from 'zod';
import { OCCUPANCY_MESSAGE, parseOccupancy, type RoomParty } from './occupancy-party';

export * from './occupancy-party';

const roomsOf = (v: readonly string[], ctx: z.RefinementCtx): RoomParty[] => {
  const rooms = parseOccupancy(v);
  if (!rooms) {
    ctx.addIssue({ code: 'custom', message: OCCUPANCY_MESSAGE });
    return z.NEVER;
  }
  return rooms;
};

/** `occupancy` in a query string: repeated once per room (one value arrives as a string, several as an array). */
export const OccupancyQuerySchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : [v]) : v),
  z.array(z.string(OCCUPANCY_MESSAGE), OCCUPANCY_MESSAGE).transform(roomsOf).optional(),
);

/** `occupancy` in a JSON body: the same strings as an array. */
export const OccupancyBodySchema = z.array(z.string(OCCUPANCY_MESSAGE), OCCUPANCY_MESSAGE).transform(roomsOf);

/**
 * The party a booking's or a quote's row keeps (its `occupancy` column: a JSON list of one value per room), or null when
 * it keeps none that reads (an older row): the caller falls back on its guests.
 */
export function storedParty(json: string | null | undefined): RoomParty[] | null {
  let texts: string[] = [];
  try {
    const parsed = JSON.parse(json ?? '[]') as unknown;
    if (Array.isArray(parsed)) texts = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    texts = [];
  }
  return texts.length ? parseOccupancy(texts) : null;
}
