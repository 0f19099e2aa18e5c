// The layout's script, on every page and without React (docs/decisions/0039-page-weight-by-interaction.md): the product
// menu (its all-inclusive link carries the signed-in user's details, the current product is in view), the daily-deals
// entry and a landing's referral (the loyalty store and its labels are imported only when needed), and the startup
// checks. A page whose header islands wait for a person adds ./deferred-shell.ts.
import { allInclusiveHref, type MenuUser } from '../../shared/rules/products';
import { loadLabelAreas } from '../../stores/labels';
import { $profile, $user } from '../../stores/session';
import { $org, runStartup } from '../../stores/startup';

interface BasicProfile {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone_country_code?: string;
  mobile_no?: string;
}

function bindProductMenu() {
  // The strip scrolls sideways: bring the current product into view.
  const current = document.querySelector<HTMLElement>('.product-nav__link[aria-current="page"]');
  const list = current?.closest('ul');
  if (current && list && list.scrollWidth > list.clientWidth)
    list.scrollLeft = current.parentElement!.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;

  const update = () => {
    const org = $org.get();
    if (!org?.allInclusiveUrl) return;
    const user = $user.get();
    const basic = (($profile.get() as { basicprofile?: BasicProfile[] } | null)?.basicprofile ?? [])[0];
    const menuUser: MenuUser | null = user
      ? {
          firstName: basic?.first_name ?? user.username,
          lastName: basic?.last_name ?? user.last_name,
          email: basic?.email ?? user.email,
          phoneNumber: basic?.mobile_no ? `${basic.phone_country_code ?? ''}${basic.mobile_no}` : '',
        }
      : null;
    const href = allInclusiveHref(org.allInclusiveUrl, org.orgId, menuUser);
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-external="all-inclusive"]')) a.href = href;
  };
  $user.listen(update);
  $profile.listen(update);
  $org.listen(update);
  update();
}

const loyaltyStore = () => Promise.all([import('../../stores/loyalty'), loadLabelAreas(['referral', 'savings'])]).then(([store]) => store);

function bindLoyalty() {
  const query = new URLSearchParams(location.search);
  if (query.has('referral_code') || query.has('referral_org')) void loyaltyStore().then((m) => m.storeLandingReferral());
  document.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest?.('[data-method="dailydeals"]');
    if (!target) return;
    event.preventDefault();
    void loyaltyStore().then((m) => m.openDailyDeals());
  });
  document.documentElement.dataset.dailyDeals = 'ready';
}

void runStartup();
bindProductMenu();
bindLoyalty();
