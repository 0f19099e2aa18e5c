// Who stays in each room (docs/contract.md#rooms-rates-and-availability): one value per room, `<adults>` or
// `<adults>-<age>,<age>,…` as Expedia's Rapid API writes it. The search box, the product page, the API and the
// booking read and write it through these functions alone. No zod here, so the search box, which reads and writes the
// party on every page that has it, carries none (docs/decisions/0039-page-weight-by-interaction.md); the query and body
// schemas built on these rules are in ./occupancy.ts, which re-exports this module.

export const MAX_ROOMS = 8;
export const MAX_ADULTS_PER_ROOM = 9;
export const MAX_CHILDREN_PER_ROOM = 6;
export const MAX_CHILD_AGE = 17;
export const OCCUPANCY_MESSAGE = "Use the adults, then each child's age, as 2-5,9";

export interface RoomParty {
  adults: number;
  /** Each child's age on the day of check-in, 0 to 17. */
  children: number[];
}

const PATTERN = /^([1-9])(?:-((?:1[0-7]|[0-9])(?:,(?:1[0-7]|[0-9])){0,5}))?$/;

/** One room's party from its text, or null when the text is not a party this product accepts. */
export function parseRoom(text: string): RoomParty | null {
  const m = PATTERN.exec(text.trim());
  if (!m) return null;
  const children = m[2] ? m[2].split(',').map(Number) : [];
  if (children.length > MAX_CHILDREN_PER_ROOM) return null;
  return { adults: Number(m[1]), children };
}

export const formatRoom = (room: RoomParty): string => (room.children.length ? `${room.adults}-${room.children.join(',')}` : String(room.adults));

/** The existing client's `guests=N`: one room of N adults (more than nine adults cannot share one room, so they split). */
export function partyOfGuests(guests: number): RoomParty[] {
  const rooms: RoomParty[] = [];
  let left = Math.max(1, Math.floor(guests));
  while (left > 0 && rooms.length < MAX_ROOMS) {
    const adults = Math.min(MAX_ADULTS_PER_ROOM, left);
    rooms.push({ adults, children: [] });
    left -= adults;
  }
  return rooms;
}

export const guestsOf = (rooms: readonly RoomParty[]): number => rooms.reduce((n, r) => n + r.adults + r.children.length, 0);
export const adultsOf = (rooms: readonly RoomParty[]): number => rooms.reduce((n, r) => n + r.adults, 0);
export const childrenOf = (rooms: readonly RoomParty[]): number => rooms.reduce((n, r) => n + r.children.length, 0);

/** The rooms as the address and the API write them, one string per room. */
export const occupancyStrings = (rooms: readonly RoomParty[]): string[] => rooms.map(formatRoom);

/** Every room's party from their texts, or null if any is wrong or there are too many or none. */
export function parseOccupancy(texts: readonly string[]): RoomParty[] | null {
  if (texts.length < 1 || texts.length > MAX_ROOMS) return null;
  const rooms = texts.map(parseRoom);
  return rooms.every((r): r is RoomParty => r !== null) ? rooms : null;
}

/** The same party, whatever the order its rooms were written in (a rate names its party this way). */
export const occupancyKey = (rooms: readonly RoomParty[]): string =>
  rooms.map((r) => formatRoom({ adults: r.adults, children: [...r.children].sort((a, b) => a - b) })).sort().join('|');

/** A label in the page's language, its plural form chosen by `n` (src/shared/i18n/translate.ts). */
type Count = (key: string, vars: { n: number }) => string;

/**
 * "2 adults · 1 child · 1 room": the children only when there are some, every count in the language's plural form.
 * The island, the first screen and the edge sum a party up with it, so nothing changes when React draws the box.
 */
export function partySummary(t: Count, rooms: readonly { adults: number; children: readonly unknown[] }[]): string {
  const adults = rooms.reduce((n, r) => n + r.adults, 0);
  const children = rooms.reduce((n, r) => n + r.children.length, 0);
  return [t('bk_adults_n', { n: adults }), children ? t('bk_children_n', { n: children }) : '', t('bk_rooms_n', { n: rooms.length })].filter(Boolean).join(' · ');
}
