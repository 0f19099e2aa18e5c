// What the party picker's dialog (src/islands/booking/OccupancyDialog.tsx) does to a party, as plain functions: the
// draft a person edits (rooms added and removed, adults and children counted, each child's age chosen) within the
// limits of ./occupancy-party.ts. Only the dialog needs it, so it comes with the dialog's code, when first opened; the
// words that sum a party up (partySummary) are in ./occupancy-party.ts, which the search box and the edge read.
import { MAX_ADULTS_PER_ROOM, MAX_CHILD_AGE, MAX_CHILDREN_PER_ROOM, MAX_ROOMS, type RoomParty } from './occupancy-party';

/** A room as the dialog edits it: a child just added has no age yet (null) until the person chooses one. */
export interface DraftRoom {
  adults: number;
  children: (number | null)[];
}

export const draftOf = (rooms: readonly RoomParty[]): DraftRoom[] => rooms.map((r) => ({ adults: r.adults, children: [...r.children] }));

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const change = (draft: readonly DraftRoom[], room: number, edit: (r: DraftRoom) => DraftRoom): DraftRoom[] => draft.map((r, i) => (i === room ? edit(r) : r));

/** One more room, of one adult (the least a room holds), unless there are MAX_ROOMS already. */
export const addRoom = (draft: readonly DraftRoom[]): DraftRoom[] => (draft.length >= MAX_ROOMS ? [...draft] : [...draft, { adults: 1, children: [] }]);

/** Without the room at `room`; the last room is kept. */
export const removeRoom = (draft: readonly DraftRoom[], room: number): DraftRoom[] => (draft.length <= 1 ? [...draft] : draft.filter((_, i) => i !== room));

/** The room's adults moved by `by`, kept between 1 and MAX_ADULTS_PER_ROOM. */
export const moveAdults = (draft: readonly DraftRoom[], room: number, by: number): DraftRoom[] =>
  change(draft, room, (r) => ({ ...r, adults: clamp(r.adults + by, 1, MAX_ADULTS_PER_ROOM) }));

/** One child more (its age not chosen yet) or fewer (the last one), kept between 0 and MAX_CHILDREN_PER_ROOM. */
export const moveChildren = (draft: readonly DraftRoom[], room: number, by: 1 | -1): DraftRoom[] =>
  change(draft, room, (r) => {
    if (by > 0) return r.children.length >= MAX_CHILDREN_PER_ROOM ? r : { ...r, children: [...r.children, null] };
    return { ...r, children: r.children.slice(0, -1) };
  });

/** The age of the room's child at `child`: a whole number from 0 to MAX_CHILD_AGE, or null for not chosen. */
export const setChildAge = (draft: readonly DraftRoom[], room: number, child: number, age: number | null): DraftRoom[] =>
  change(draft, room, (r) => ({
    ...r,
    children: r.children.map((a, j) => (j === child ? (age !== null && Number.isInteger(age) && age >= 0 && age <= MAX_CHILD_AGE ? age : null) : a)),
  }));

/** The children whose age is still to be chosen, room by room, in order. */
export function missingAges(draft: readonly DraftRoom[]): { room: number; child: number }[] {
  return draft.flatMap((r, room) => r.children.flatMap((age, child) => (age === null ? [{ room, child }] : [])));
}

/** The party the draft names, or null while a child's age is not chosen. */
export function partyOfDraft(draft: readonly DraftRoom[]): RoomParty[] | null {
  if (missingAges(draft).length) return null;
  return draft.map((r) => ({ adults: r.adults, children: r.children as number[] }));
}

/** What each of the dialog's buttons can still do, so a button at its limit says so (aria-disabled) and keeps the focus. */
export function limitsOf(draft: readonly DraftRoom[], room: number) {
  const r = draft[room]!;
  return {
    fewerAdults: r.adults > 1,
    moreAdults: r.adults < MAX_ADULTS_PER_ROOM,
    fewerChildren: r.children.length > 0,
    moreChildren: r.children.length < MAX_CHILDREN_PER_ROOM,
    addRoom: draft.length < MAX_ROOMS,
    removeRoom: draft.length > 1,
  };
}
