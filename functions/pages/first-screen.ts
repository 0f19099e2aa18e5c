// A results page for a search the edge has answered before, written with its first screen (decision 0050): the search
// box and the results, photographs and prices, drawn by the same renderer the page's own script uses before React
// (src/shared/render/first-screen-view.ts), as markup, into the waiting islands' stand-in slots. The page's cached
// HTML is left as it is: the first screen is written into each response, for a visitor without a session only (prices
// are then everyone's: no trade price, no member's choice to hide them), so nothing of one visitor reaches another.
import { firstScreenView } from '../../src/shared/render/first-screen-view';
import { html, markup, type Markup } from '../../src/shared/render/html';
import { translate } from '../../src/shared/i18n/translate';
import { defaultStay, eligibleTypes, firstTypeOf } from '../../src/shared/rules/booking-dates';
import { formatDay, WEEKDAY_DAY } from '../../src/shared/rules/format-day';
import { pageCriteria } from '../../src/shared/rules/search-criteria';
import type { ProductType } from '../../src/shared/rules/wallet';
import type { ResultPage } from '../../src/shared/rules/search-results';

export interface FirstScreen {
  results: string;
  searchBox: string;
  /** The search it was drawn for: the page's script keeps it only when its own search is the same (decision 0050). */
  search: string;
}

export function drawFirstScreen(o: {
  type: ProductType;
  search: string;
  call: string;
  minCheckinDays: number;
  language: string;
  currency: string;
  labels: Record<string, string>;
  showKeys: boolean;
  answer: ResultPage;
}): FirstScreen {
  const view = firstScreenView<Markup>({ h: html, raw: markup, t: (key, vars) => translate(o.labels, o.showKeys, o.language, key, vars) });
  const c = pageCriteria(o.type, o.search, o.minCheckinDays);
  return {
    results: view.firstScreen(c, o.answer, { language: o.language, currency: o.currency, showPrices: true }).html,
    searchBox: view.searchBoxStandIn(c, o.answer.place, o.language).html,
    search: o.call,
  };
}

const slotOf = (island: string) => `astro-island[component-url*="/${island}."][client="interaction"] > astro-slot`;

/** The page with its first screen in the islands' slots; as it was without one. */
export function withFirstScreen(page: Response, screen: FirstScreen | null): Response {
  if (!screen) return page;
  const fill = (markup: string) => ({
    element(el: Element) {
      el.setAttribute('data-drawn-for', screen.search);
      el.setInnerContent(markup, { html: true });
    },
  });
  return new HTMLRewriter().on(slotOf('DeferredSearchResults'), fill(screen.results)).on(slotOf('DeferredSearchBox'), fill(screen.searchBox)).transform(page);
}

/**
 * The home page's search box before React (src/components/SearchBoxStandIn.astro) with the default stay's days, as the
 * page's script fills them (src/islands/shell/deferred-shell.ts): from today's date in UTC, the org's first type and its
 * earliest check-in. Written into each response (the kept page has "Not chosen"), so the days are today's and the
 * script, finding them there, changes nothing: its change of text had moved the nights beside them (CLS 0.00004). A
 * visitor whose clock says another day gets their own days from the script.
 */
export function withDefaultStay(page: Response, o: { language: string; eligibleProducts: string; minCheckinDays: number; today?: string }): Response {
  const stay = defaultStay(firstTypeOf(eligibleTypes(o.eligibleProducts)), o.minCheckinDays, o.today);
  const day = (end: string | null) => (end === 'in' ? stay.checkIn : end === 'out' ? stay.checkOut : '');
  return new HTMLRewriter()
    .on('[data-stand-in-day]', {
      element(el) {
        const shown = day(el.getAttribute('data-stand-in-day'));
        if (!shown) return;
        el.setInnerContent(formatDay(o.language, shown, WEEKDAY_DAY));
        el.removeAttribute('data-l');
      },
    })
    .on('[data-stand-in-nights]', { element: (el) => void (stay.checkOut || el.setAttribute('hidden', '')) })
    // An org whose first type is activities: the guests' number in place of the party's field, as the script shows it.
    .on('[data-stand-in-party]', { element: (el) => void (stay.checkOut || el.setAttribute('hidden', '')) })
    .on('[data-stand-in-guests]', { element: (el) => void (stay.checkOut || el.removeAttribute('hidden')) })
    .transform(page);
}
