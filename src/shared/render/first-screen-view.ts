// A results page's first screen drawn without React (docs/decisions/0048-results-first-screen.md): the island's own
// section (src/islands/booking/SearchResults.tsx), drawn from the search's first answer in the same elements and
// classes, with the words of results-view.ts, so the photographs and prices are on screen before React has loaded and
// React's first render, which replaces it, moves nothing. The links work as they are; the filters' controls are
// disabled until the island's own take their place (a filter needs the island; the star and cancellation chips are
// inert instead, as disabled ones are drawn grey), which a person meets only in the moment React takes to arrive.
//
// One renderer, two ways of drawing: into the page's DOM (src/islands/booking/results-first-screen.ts, in the browser)
// and as HTML at the edge for a search it has answered before (functions/pages/first-screen.ts,
// docs/decisions/0050-first-photo-with-the-page.md). The Worker imports it, so it lives in src/shared: pure, no DOM.
import type { LabelVars } from '../i18n/translate';
import { detailsUrl, type Criteria } from '../rules/search-criteria';
import type { ProductItem, ResultPage } from '../rules/search-results';
import { formatMoney, toMinor } from '../rules/money';
import { photoSrcset, RESULT_CARD_SIZES } from '../rules/photos';
import { cardFacts, pageCount, ratingChoices, resultsTitle, sortOptions } from './results-view';
import { daysBetween, MAX_GUESTS } from '../rules/booking-dates';
import { formatDay, WEEKDAY_DAY } from '../rules/format-day';
import { partySummary } from '../rules/occupancy-party';

type Attribute = string | number | boolean | null | undefined;
/** How the renderer draws: an element with attributes and children, a piece of markup, and the page's labels. */
export interface Draw<N> {
  h: (tag: string, attrs?: Record<string, Attribute>, ...children: (N | string | null | undefined | false)[]) => N;
  raw: (markup: string) => N;
  t: (key: string, vars?: LabelVars) => string;
}


/** A field or button of the first screen: disabled until the island's own replaces it, drawn as an enabled one (booking.css). */
const UNTIL_READY = { disabled: true, 'data-until-ready': true };
/** A chip (a radio or a checkbox in its label): inert until then, as a disabled one would be drawn grey. */
const CHIP_UNTIL_READY = { inert: true };

/** The day formats of SearchBox.tsx's summary and of DateRangePicker.tsx's button. */
const SUMMARY_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const TITLES = { HLT: 'bk_search_title_HLT', ACT: 'bk_search_title_ACT', RST: 'bk_search_title_RST', STY: 'bk_search_title_STY' } as const;
const CALENDAR_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="1.8" aria-hidden="true" class="bk-range__icon"><rect x="3" y="5" width="18" height="16" rx="2"></rect><path d="M3 10h18M8 3v4M16 3v4"></path></svg>';
/** The party field's icon, as src/islands/booking/OccupancyPicker.tsx draws it. */
const PARTY_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="1.8" aria-hidden="true" class="bk-party__icon"><circle cx="9" cy="8" r="3.2"></circle><path d="M3.5 20c.6-3.3 2.8-5.2 5.5-5.2s4.9 1.9 5.5 5.2"></path><circle cx="17" cy="9.5" r="2.4"></circle><path d="M15.8 14.6c2.4-.3 4.3 1.2 4.8 4.4"></path></svg>';

/** The first screen's two parts, drawn with `draw`. */
export function firstScreenView<N>({ h, raw, t }: Draw<N>) {
  function money(amount: number, currency: string, language: string, className: string | null, testId: string) {
    return h('span', { className, 'data-testid': testId, 'data-amount': amount, 'data-currency': currency }, formatMoney(toMinor(amount, currency), currency, language));
  }

  /** A card as SearchResults' ResultCard draws it, its photo as CardPhoto draws it. */
  function card(p: ProductItem, c: Criteria, language: string, showPrices: boolean, first: boolean) {
    const href = detailsUrl(c, p.product_id);
    // A link focused here is focused again in the island when it takes over (src/directives/interaction.ts).
    const at = `[data-testid="result"][data-product-id="${p.product_id}"]`;
    const facts = cardFacts(t, language, p);
    const srcset = p.image ? photoSrcset(p.image) : '';
    const photo = p.image
      ? h('img', {
          className: 'bk-item__img', src: p.image, srcset: srcset || null, sizes: srcset ? RESULT_CARD_SIZES : null, alt: '',
          width: 320, height: 200, loading: first ? 'eager' : 'lazy', fetchpriority: first ? 'high' : 'auto', decoding: first ? 'sync' : 'async',
        })
      : h('span', { className: 'card-photo--empty bk-item__img', 'aria-hidden': 'true' });
    const price = showPrices && facts.stay !== null
      ? [
          money(p.price, p.currency, language, 'price', 'price'),
          h('span', { className: 'muted small', 'data-testid': 'price-covers' }, facts.stay),
          h('span', { className: 'small' }, money(p.price_per_night!, p.currency, language, null, 'price-per-night'), ` ${facts.unit}`),
        ]
      : showPrices
      ? [
          money(p.price, p.currency, language, 'price', 'price'),
          h('span', { className: 'muted small' }, facts.unit),
          p.total_price !== p.price ? h('span', { className: 'small' }, `${t('bk_total')} `, money(p.total_price, p.currency, language, null, 'total')) : null,
        ]
      : [h('span', { className: 'muted small' }, t('bk_price_at_checkout'))];
    return h(
      'li',
      { className: 'card bk-item', 'data-testid': 'result', 'data-product-id': p.product_id },
      photo,
      h(
        'div',
        { className: 'bk-item__body' },
        h('h3', { className: 'bk-item__name' }, h('a', { href, 'data-stand-in': `${at} .bk-item__name a` }, p.name)),
        h('p', { className: 'muted small', 'data-testid': 'result-place' }, facts.place),
        h('p', { className: 'bk-rating small', 'aria-label': facts.ratingName }, `★ ${facts.rating}`),
        facts.reviews
          ? h(
              'p',
              { className: 'bk-reviews small', 'data-testid': 'result-reviews' },
              h('span', { className: 'bk-score', 'aria-hidden': 'true' }, facts.reviews.score),
              h('span', { 'aria-hidden': 'true' }, ` ${facts.reviews.count}`),
              h('span', { className: 'visually-hidden' }, facts.reviews.name),
            )
          : null,
        facts.freeCancellation ? h('p', { className: 'small bk-item__free', 'data-testid': 'result-free-cancellation' }, t('bk_free_cancellation_badge')) : null,
        h('p', { className: 'bk-item__summary' }, p.summary),
      ),
      h('div', { className: 'bk-item__price' }, ...price, h('a', { className: 'btn btn-primary btn-sm', href, 'aria-label': facts.viewName, 'data-stand-in': `${at} .bk-item__price a` }, t('bk_view'))),
    );
  }

  function filters(c: Criteria, results: ResultPage, language: string, currency: string) {
    const field = (id: string, label: string, control: N) => h('div', { className: 'field' }, h('label', { for: id }, label), control);
    const price = (id: string, value: string) =>
      h('input', { id, className: 'input bk-price-input', type: 'number', min: 0, step: 'any', inputmode: 'decimal', value, ...UNTIL_READY });
    const facets = results.facets;
    return h(
      'form',
      { className: 'bk-results__filters cluster', 'aria-label': t('bk_filters') },
      field('results-first-sort', t('bk_sort'), h('select', { id: 'results-first-sort', className: 'select', ...UNTIL_READY }, ...sortOptions(t, c, results).map((o) => h('option', { value: o.value, selected: o.value === c.sort }, o.text)))),
      field('results-first-min', t('bk_min_price', { currency }), price('results-first-min', c.minPrice)),
      field(
        'results-first-max',
        t('bk_max_price', { currency }),
        h('div', { className: 'input-group' }, price('results-first-max', c.maxPrice), h('button', { type: 'submit', className: 'btn', ...UNTIL_READY }, t('bk_apply'))),
      ),
      facets
        ? h(
            'fieldset',
            { className: 'bk-stars' },
            h('legend', {}, t('bk_stars')),
            h(
              'div',
              { className: 'cluster' },
              ...ratingChoices(t, language, facets).map((r) =>
                h('label', { className: 'bk-chip', ...CHIP_UNTIL_READY }, h('input', { type: 'radio', name: 'results-first-stars', checked: c.minRating === r.value }), r.text),
              ),
            ),
          )
        : null,
      facets && facets.free_cancellation !== undefined
        ? h(
            'label',
            { className: 'bk-chip bk-free-filter', ...CHIP_UNTIL_READY },
            h('input', { type: 'checkbox', checked: c.freeCancellation === '1', 'data-testid': 'free-cancellation' }),
            t('bk_free_cancellation_filter', { n: facets.free_cancellation }),
          )
        : null,
    );
  }

  function pager(c: Criteria, pages: number) {
    const button = (text: string, attrs: Record<string, string | boolean | undefined>) =>
      h('button', { type: 'button', className: 'btn btn-sm', ...attrs, ...(attrs.disabled ? {} : UNTIL_READY) }, text);
    return h(
      'nav',
      { className: 'bk-pages', 'aria-label': t('bk_pages') },
      button(t('bk_previous_page'), { disabled: c.page <= 1 }),
      h(
        'ul',
        { className: 'cluster', role: 'list' },
        ...Array.from({ length: pages }, (_, i) => i + 1).map((n) =>
          h('li', {}, button(String(n), { className: `btn btn-sm${n === c.page ? ' btn-primary' : ''}`, 'aria-current': n === c.page ? 'page' : undefined, 'aria-label': t('bk_page_n', { n }) })),
        ),
      ),
      button(t('bk_next_page'), { disabled: c.page >= pages }),
    );
  }

  /** The results section for a first answer with results, as the island draws it once that answer is in. */
  function firstScreen(c: Criteria, results: ResultPage, { language, currency, showPrices }: { language: string; currency: string; showPrices: boolean }) {
    const pages = pageCount(results);
    return h(
      'section',
      { className: 'bk-results', 'aria-labelledby': 'results-first-title', 'aria-busy': 'false', 'data-first-screen': true },
      h(
        'div',
        { className: 'bk-results__head' },
        h('h2', { id: 'results-first-title', tabindex: -1, className: 'bk-results__title', 'data-testid': 'results-title' }, resultsTitle(t, c, results)),
        filters(c, results, language, currency),
      ),
      // An answer a supplier was missing from says so here as the island does (a kept answer never is one).
      results.partial ? h('p', { className: 'alert', role: 'status', 'data-testid': 'results-partial' }, t('bk_results_partial')) : null,
      h('ol', { className: 'bk-list', 'data-testid': 'results' }, ...results.data.map((p, i) => card(p, c, language, showPrices, i < 2))),
      pages > 1 ? pager(c, pages) : null,
    );
  }

  /**
   * The results page's search box as SearchBox.tsx draws it there (`fromQuery`: a one-line summary on a phone, the form
   * on a wider screen), filled from the address and the answer's `place`, in place of an empty card until React. It is the
   * island's stand-in: what a person types or presses on it is carried over to the real box (src/directives/interaction.ts,
   * matched by `data-testid` or `data-stand-in`).
   */
  function searchBoxStandIn(c: Criteria, place: string | undefined, language: string) {
    const nightly = c.type !== 'ACT';
    const city = place ?? c.city;
    const nights = nightly && c.checkIn && c.checkOut ? daysBetween(c.checkIn, c.checkOut) : 0;
    const shown = (day: string) => (day ? formatDay(language, day, WEEKDAY_DAY) : t('bk_not_chosen'));
    const summary = [
      city || t('bk_any_destination'),
      nightly && c.checkOut ? `${formatDay(language, c.checkIn, SUMMARY_DAY)} – ${formatDay(language, c.checkOut, SUMMARY_DAY)}` : formatDay(language, c.checkIn, SUMMARY_DAY),
      nightly ? partySummary(t, c.occupancy) : t('bk_guests_n', { n: c.guests }),
    ].join(' · ');
    const end = (testId: string, day: string, name: string) =>
      h('span', { className: 'bk-range__end', 'data-testid': testId, 'data-day': day }, h('span', { className: 'bk-range__end-name' }, name), ' ', h('span', { className: 'bk-range__end-day' }, shown(day)));
    const value = h(
      'span',
      { className: 'bk-range__value' },
      end('check-in-value', c.checkIn, nightly ? t('bk_check_in') : t('bk_date')),
      nightly ? end('check-out-value', c.checkOut, t('bk_check_out')) : null,
      nights > 0 ? h('span', { className: 'bk-range__nights', 'data-testid': 'nights' }, t('bk_nights_n', { n: nights })) : null,
    );
    const icon = raw(CALENDAR_ICON);
    const datesButton = h('button', { type: 'button', className: 'input bk-range__button', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'data-testid': 'dates-button' }, icon, value);
    return h(
      'form',
      { className: 'bk-search bk-search--results', 'data-collapsed': 'true', 'aria-labelledby': 'search-first-title', role: 'search', 'data-testid': 'search-box' },
      h(
        'button',
        { type: 'button', className: 'bk-search__summary', 'aria-expanded': 'false', 'aria-controls': 'search-first-fields', 'data-testid': 'search-summary' },
        h('span', { className: 'bk-search__summary-text' }, summary),
        h('span', { className: 'bk-search__summary-edit' }, t('bk_search_change')),
      ),
      h('h2', { id: 'search-first-title', className: 'bk-search__title' }, t(TITLES[c.type])),
      h(
        'div',
        { className: 'bk-search__fields', id: 'search-first-fields' },
        h(
          'div',
          { className: 'field bk-destination' },
          h('label', { for: 'search-first-destination' }, t('bk_destination')),
          h('input', {
            id: 'search-first-destination', className: 'input', role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false', autocomplete: 'off',
            placeholder: t('bk_destination_placeholder'), value: city, 'data-stand-in': 'input[role="combobox"]',
          }),
        ),
        h(
          'div',
          { className: 'field bk-range', role: 'group', 'aria-labelledby': 'search-first-dates', 'data-testid': 'dates' },
          h('span', { className: 'field-label', id: 'search-first-dates' }, nightly ? t('bk_dates') : t('bk_date')),
          datesButton,
        ),
        nightly
          ? // OccupancyPicker's field: a press on it opens the real picker's dialog once React has drawn it.
            h(
              'div',
              { className: 'field bk-party', role: 'group', 'aria-labelledby': 'search-first-party', 'data-testid': 'occupancy' },
              h('span', { className: 'field-label', id: 'search-first-party' }, t('bk_guests')),
              h(
                'button',
                {
                  type: 'button', className: 'input bk-party__button', 'aria-haspopup': 'dialog', 'aria-expanded': 'false',
                  'aria-labelledby': 'search-first-party search-first-party-value', 'data-testid': 'occupancy-button',
                },
                raw(PARTY_ICON),
                h('span', { id: 'search-first-party-value', className: 'bk-party__value', 'data-testid': 'occupancy-summary' }, partySummary(t, c.occupancy)),
              ),
            )
          : h(
              'div',
              { className: 'field bk-guests' },
              h('label', { for: 'search-first-guests' }, t('bk_guests')),
              h('input', { id: 'search-first-guests', className: 'input', type: 'number', min: 1, max: MAX_GUESTS, value: c.guests, 'data-stand-in': 'input[type="number"]' }),
            ),
        h('div', { className: 'bk-search__submit' }, h('button', { type: 'submit', className: 'btn btn-primary btn-lg', 'data-stand-in': 'button[type="submit"]' }, t('bk_search_button'))),
      ),
    );
  }

  return { firstScreen, searchBoxStandIn };
}
