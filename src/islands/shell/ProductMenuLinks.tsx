// Keeps the product menu's all-inclusive link carrying the signed-in user's details (docs/product.md#screens) and the current
// product in view; renders nothing itself.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { allInclusiveHref, type MenuUser } from '../../shared/rules/products';
import { $profile, $user } from '../../stores/session';
import { $org, runStartup } from '../../stores/startup';

interface BasicProfile {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone_country_code?: string;
  mobile_no?: string;
}

export default function ProductMenuLinks() {
  const user = useStore($user);
  const profile = useStore($profile);
  const org = useStore($org);
  useEffect(() => {
    void runStartup();
    // The strip scrolls sideways: bring the current product into view.
    const current = document.querySelector<HTMLElement>('.product-nav__link[aria-current="page"]');
    const list = current?.closest('ul');
    if (current && list && list.scrollWidth > list.clientWidth)
      list.scrollLeft = current.parentElement!.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, []);

  useEffect(() => {
    if (!org?.allInclusiveUrl) return;
    const basic = ((profile as { basicprofile?: BasicProfile[] } | null)?.basicprofile ?? [])[0];
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
  }, [user, profile, org]);

  return null;
}
