// How long a page with destination cards is kept at the edge (docs/decisions/0077-destination-cards-and-the-bed-bank.md):
// until the org's version moves when the cards are the org's own, the supplier's answer's life when the bed bank priced
// them, and only a moment when the bed bank failed or was late.
import { describe, expect, it } from 'vitest';
import { PARTIAL_PAGE_KEPT_SECONDS, pageKeptSeconds } from '../../functions/flows/destinations';
import { SUPPLIER_ANSWER_KEPT_SECONDS } from '../../functions/flows/supplier-search';

const cards = new Map();

describe('pageKeptSeconds', () => {
  it('keeps a page without cards, or with the own hotels’ cards, for the default time', () => {
    expect(pageKeptSeconds(null)).toBeUndefined();
    expect(pageKeptSeconds({ cards, live: false, partial: false })).toBeUndefined();
  });
  it('keeps a page priced with the bed bank as long as the supplier’s answer', () => {
    expect(pageKeptSeconds({ cards, live: true, partial: false })).toBe(SUPPLIER_ANSWER_KEPT_SECONDS);
  });
  it('keeps a page whose cards miss the bed bank only a moment, shorter than the supplier’s answer', () => {
    expect(pageKeptSeconds({ cards, live: true, partial: true })).toBe(PARTIAL_PAGE_KEPT_SECONDS);
    expect(pageKeptSeconds({ cards, live: false, partial: true })).toBe(PARTIAL_PAGE_KEPT_SECONDS);
    expect(PARTIAL_PAGE_KEPT_SECONDS).toBeLessThan(SUPPLIER_ANSWER_KEPT_SECONDS);
  });
});
