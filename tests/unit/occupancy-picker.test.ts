// The party picker's rules (src/shared/rules/occupancy-picker.ts) and the party in a search's address and links
// (src/shared/rules/search-criteria.ts): the summary in each language's plural forms, the draft within the limits,
// ages to choose before a party is complete, and `occupancy` repeated per room with `guests=N` read as one room.
import { describe, expect, it } from 'vitest';
import { LABELS } from '../../src/shared/i18n';
import { translate } from '../../src/shared/i18n/translate';
import { MAX_ADULTS_PER_ROOM, MAX_CHILDREN_PER_ROOM, MAX_ROOMS, parseOccupancy, partySummary } from '../../src/shared/rules/occupancy';
import { addRoom, draftOf, limitsOf, missingAges, moveAdults, moveChildren, partyOfDraft, removeRoom, setChildAge } from '../../src/shared/rules/occupancy-picker';
import { checkoutUrl, criteriaFromQuery, defaultCriteria, detailsUrl, pageCriteria, queryOf } from '../../src/shared/rules/search-criteria';

const tIn = (language: string) => {
  const labels = Object.fromEntries(Object.entries(LABELS).map(([key, texts]) => [key, (texts as Record<string, string>)[language] ?? '']));
  return (key: string, vars?: Record<string, string | number>) => translate(labels, false, language, key, vars);
};

describe('the party in words', () => {
  it('counts adults, children (when there are some) and rooms in each language’s plural forms', () => {
    const party = parseOccupancy(['2-5'])!;
    expect(partySummary(tIn('en-US'), party)).toBe('2 adults · 1 child · 1 room');
    expect(partySummary(tIn('fr-FR'), party)).toBe('2 adultes · 1 enfant · 1 chambre');
    expect(partySummary(tIn('es-ES'), party)).toBe('2 adultos · 1 niño · 1 habitación');
    const two = parseOccupancy(['2-5,9', '1'])!;
    expect(partySummary(tIn('en-US'), two)).toBe('3 adults · 2 children · 2 rooms');
    expect(partySummary(tIn('fr-FR'), two)).toBe('3 adultes · 2 enfants · 2 chambres');
    expect(partySummary(tIn('es-ES'), parseOccupancy(['1'])!)).toBe('1 adulto · 1 habitación');
  });

  it('every label the picker counts with has its one and other forms in every language', () => {
    for (const key of ['bk_adults_n', 'bk_children_n', 'bk_rooms_n', 'bk_child_years_n'])
      for (const form of ['one', 'other']) for (const lang of ['en-US', 'es-ES', 'fr-FR']) expect((LABELS[`${key}_${form}`] as Record<string, string>)?.[lang], `${key}_${form} ${lang}`).toBeTruthy();
  });
});

describe('the dialog’s draft', () => {
  it('adds a room of one adult, up to the limit, and never removes the last', () => {
    let d = draftOf(parseOccupancy(['2'])!);
    d = addRoom(d);
    expect(d).toEqual([{ adults: 2, children: [] }, { adults: 1, children: [] }]);
    for (let i = 0; i < 20; i++) d = addRoom(d);
    expect(d).toHaveLength(MAX_ROOMS);
    expect(limitsOf(d, 0).addRoom).toBe(false);
    d = removeRoom(d, 0);
    expect(d).toHaveLength(MAX_ROOMS - 1);
    expect(d[0]).toEqual({ adults: 1, children: [] });
    expect(removeRoom([{ adults: 2, children: [] }], 0)).toHaveLength(1);
    expect(limitsOf([{ adults: 2, children: [] }], 0).removeRoom).toBe(false);
  });

  it('keeps adults between 1 and 9 and children between 0 and 6 in each room', () => {
    let d = draftOf(parseOccupancy(['1', '1'])!);
    d = moveAdults(d, 0, -1);
    expect(d[0]!.adults).toBe(1);
    expect(limitsOf(d, 0).fewerAdults).toBe(false);
    for (let i = 0; i < 12; i++) d = moveAdults(d, 1, 1);
    expect(d[1]!.adults).toBe(MAX_ADULTS_PER_ROOM);
    expect(d[0]!.adults).toBe(1);
    expect(limitsOf(d, 1).moreAdults).toBe(false);
    for (let i = 0; i < 9; i++) d = moveChildren(d, 0, 1);
    expect(d[0]!.children).toHaveLength(MAX_CHILDREN_PER_ROOM);
    expect(limitsOf(d, 0).moreChildren).toBe(false);
    d = moveChildren(d, 0, -1);
    expect(d[0]!.children).toHaveLength(MAX_CHILDREN_PER_ROOM - 1);
  });

  it('is a party only once every child’s age is chosen, from 0 to 17', () => {
    let d = draftOf(parseOccupancy(['2'])!);
    d = addRoom(d);
    d = moveChildren(d, 0, 1);
    d = moveChildren(d, 1, 1);
    d = moveChildren(d, 1, 1);
    expect(missingAges(d)).toEqual([{ room: 0, child: 0 }, { room: 1, child: 0 }, { room: 1, child: 1 }]);
    expect(partyOfDraft(d)).toBeNull();
    d = setChildAge(d, 0, 0, 5);
    d = setChildAge(d, 1, 0, 18);
    d = setChildAge(d, 1, 1, 0);
    expect(missingAges(d)).toEqual([{ room: 1, child: 0 }]);
    d = setChildAge(d, 1, 0, 17);
    expect(partyOfDraft(d)).toEqual([{ adults: 2, children: [5] }, { adults: 1, children: [17, 0] }]);
    expect(partyOfDraft(setChildAge(d, 0, 0, null))).toBeNull();
  });
});

describe('the party in a search', () => {
  const base = defaultCriteria('HLT', 1, '2027-03-01');

  it('starts as one room of two adults', () => {
    expect(base.occupancy).toEqual([{ adults: 2, children: [] }]);
    expect(base.guests).toBe(2);
  });

  it('reads `occupancy` once per room, the guests being everyone', () => {
    const c = criteriaFromQuery('?type=HLT&occupancy=2-5,9&occupancy=1', base);
    expect(c.occupancy).toEqual([{ adults: 2, children: [5, 9] }, { adults: 1, children: [] }]);
    expect(c.guests).toBe(5);
  });

  it('reads an old address’s guests=N as one room of N adults, and a wrong occupancy as none', () => {
    expect(criteriaFromQuery('?guests=3', base).occupancy).toEqual([{ adults: 3, children: [] }]);
    expect(criteriaFromQuery('?guests=3&occupancy=0', base).occupancy).toEqual([{ adults: 3, children: [] }]);
    expect(criteriaFromQuery('?occupancy=2-18', base).occupancy).toEqual(base.occupancy);
  });

  it('writes `occupancy` per room and the total as guests, for hotels, resorts and stays; guests alone for activities', () => {
    const c = pageCriteria('HLT', '?city=Lisbon&check_in=2027-03-10&check_out=2027-03-12&occupancy=2-5&occupancy=1', 1, '2027-03-01');
    expect(queryOf(c)).toBe('type=HLT&city=Lisbon&check_in=2027-03-10&check_out=2027-03-12&guests=4&occupancy=2-5&occupancy=1');
    const act = pageCriteria('ACT', '?check_in=2027-03-10&occupancy=2-5&occupancy=1', 1, '2027-03-01');
    expect(queryOf(act)).toBe('type=ACT&check_in=2027-03-10&guests=4');
    const old = pageCriteria('RST', '?guests=3', 1, '2027-03-01');
    expect(new URLSearchParams(queryOf(old)).getAll('occupancy')).toEqual(['3']);
  });

  it('leaves out guests above the old limit of 20: the rooms say who comes', () => {
    const c = pageCriteria('HLT', `?${Array.from({ length: 3 }, () => 'occupancy=9').join('&')}`, 1, '2027-03-01');
    const q = new URLSearchParams(queryOf(c));
    expect(q.get('guests')).toBeNull();
    expect(q.getAll('occupancy')).toEqual(['9', '9', '9']);
  });

  it('carries the party from a result to the product and on to checkout', () => {
    const c = pageCriteria('STY', '?check_in=2027-03-10&check_out=2027-03-12&occupancy=2-5&occupancy=1', 1, '2027-03-01');
    expect(detailsUrl(c, 7)).toBe('/hotel-details?id=7&check_in=2027-03-10&guests=4&occupancy=2-5&occupancy=1&check_out=2027-03-12');
    const back = criteriaFromQuery(checkoutUrl(c, 7).split('?')[1]!, defaultCriteria('STY', 1, '2027-03-01'));
    expect(back.occupancy).toEqual(c.occupancy);
  });
});
