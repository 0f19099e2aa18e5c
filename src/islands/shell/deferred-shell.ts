// On a page whose header islands and search box wait for a person (`client:interaction`, the home page), without React
// (docs/decisions/0039-page-weight-by-interaction.md): the account menu's signed-in state and the language button drawn in
// their stand-ins, the search box's stand-in given the org's types and the default stay, and the dialog host woken when
// a dialog is wanted (the address asks for one, or an island opens one).
import { defaultStay, eligibleTypes, firstTypeOf } from '../../shared/rules/booking-dates';
import { formatDay, WEEKDAY_DAY } from '../../shared/rules/format-day';
import { $dialog, dialogFromQuery, openDialog } from '../../stores/dialogs';
import { $currency, $language, $localeDialog, NATIVE_LANGUAGE_NAMES, t as tr } from '../../stores/labels';
import { $signedIn, $user } from '../../stores/session';
import { $org, runStartup } from '../../stores/startup';
import { trackFocus } from '../account/focus-return';
import { wakeIslands } from '../ui/wake-islands';

const USER_ICON = '<path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />';
const GLOBE_ICON =
  '<path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />';

/** A header button as the island draws it (src/islands/shell/AccountMenu.tsx, LocaleSwitcher.tsx): icon, text, name. */
function headerButton(testId: string, popup: 'menu' | 'dialog', icon: string, text: string, name: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'menu-button';
  button.setAttribute('aria-haspopup', popup);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-label', name);
  button.dataset.testid = testId;
  button.innerHTML = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" aria-hidden="true">${icon}</svg>`;
  const span = document.createElement('span');
  span.className = 'menu-button__text';
  span.textContent = text;
  button.appendChild(span);
  return button;
}

/** The account menu's button in its stand-in: the signed-in name or "Sign in", once the login check has answered. */
function drawAccount(standIn: HTMLElement) {
  const draw = () => {
    const signedIn = $signedIn.get();
    if (signedIn === null) return;
    const text = signedIn ? $user.get()?.username || tr('account_menu') : tr('menu_signin');
    const name = `${tr('labelled', { label: tr('account_menu') })} ${text}`;
    // A button already drawn is changed in place: a person may be on it (focused, or pressing it), and a new one would
    // take their focus or their click away (docs/decisions/0039-page-weight-by-interaction.md).
    const drawn = standIn.querySelector<HTMLButtonElement>('[data-testid="account-menu-button"]');
    if (drawn) {
      drawn.setAttribute('aria-label', name);
      drawn.querySelector('.menu-button__text')!.textContent = text;
      return;
    }
    // The stand-in root is the menu's box (class "menu", the slot's full size, as AccountMenu's own root).
    standIn.replaceChildren(headerButton('account-menu-button', 'menu', USER_ICON, text, name));
  };
  $signedIn.listen(draw);
  $user.listen(draw);
  draw();
}

function drawLocale(standIn: HTMLElement) {
  const language = $language.get();
  const shown = `${language.split('-')[0]!.toUpperCase()} · ${$currency.get()}`;
  standIn.replaceChildren(headerButton('locale-button', 'dialog', GLOBE_ICON, shown, `${shown}, ${tr('labelled', { label: tr('locale_button') })} ${NATIVE_LANGUAGE_NAMES[language] ?? language}`));
}

/** The search box's stand-in (src/components/SearchBoxStandIn.astro): the org's types and the default stay, as SearchBox starts. */
function fillSearchStandIn(form: HTMLElement) {
  const org = $org.get();
  const offered = eligibleTypes(org ? org.eligibleProducts.map((p) => p.product_id).join(',') : 'hotel,resorts,stays,activities');
  const type = firstTypeOf(offered);
  const tabs = form.querySelector<HTMLElement>('.bk-tabs');
  if (tabs) {
    tabs.hidden = offered.length < 2;
    for (const tab of tabs.querySelectorAll<HTMLElement>('[data-type]')) {
      const code = tab.dataset.type as (typeof offered)[number];
      tab.hidden = !offered.includes(code);
      tab.classList.toggle('is-active', code === type);
      const radio = tab.querySelector('input');
      if (radio) radio.checked = code === type;
    }
  }
  const stay = defaultStay(type, org?.orgBySite.minCheckinDays ?? 1);
  for (const [end, day] of [['in', stay.checkIn], ['out', stay.checkOut]] as const) {
    const shown = form.querySelector<HTMLElement>(`[data-stand-in-day="${end}"]`);
    if (!shown) continue;
    if (day) shown.textContent = formatDay($language.get(), day, WEEKDAY_DAY);
    shown.removeAttribute('data-l');
    shown.parentElement!.dataset.day = day;
  }
  // An activity has one date: no nights (the stand-in shows the default stay's, counted at the edge).
  const nights = form.querySelector<HTMLElement>('[data-stand-in-nights]');
  if (nights) nights.hidden = !stay.checkOut;
  // An activity counts its guests; hotels, resorts and stays ask for the rooms and their party (OccupancyPicker).
  const party = form.querySelector<HTMLElement>('[data-stand-in-party]');
  const guests = form.querySelector<HTMLElement>('[data-stand-in-guests]');
  if (party) party.hidden = type === 'ACT';
  if (guests) guests.hidden = type !== 'ACT';
}

/** The header islands wait for a person: this script does what they did at load. */
function deferredShell() {
  void runStartup();
  const account = document.querySelector<HTMLElement>('[data-stand-in-root="account"]');
  if (account) drawAccount(account);
  const locale = document.querySelector<HTMLElement>('[data-stand-in-root="locale"]');
  if (locale) drawLocale(locale);
  const search = document.querySelector<HTMLElement>('[data-search-stand-in]');
  if (search) {
    fillSearchStandIn(search);
    $org.listen(() => fillSearchStandIn(search));
  }
  // The dialog host (client:interaction="any") wakes with the first island a person touches, or here when a dialog is wanted.
  trackFocus();
  const wanted = dialogFromQuery(location.search);
  if (wanted) {
    openDialog(wanted);
    wakeIslands();
  }
  $dialog.listen((name) => name && wakeIslands());
  $localeDialog.listen((section) => section && wakeIslands());
  document.documentElement.dataset.dialogHost = 'ready';
}

deferredShell();
