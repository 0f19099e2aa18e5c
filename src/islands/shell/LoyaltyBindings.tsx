// Renders nothing: binds the product menu's daily-deals entry and keeps a landing's referral (mounted once by the layout).
// The loyalty store (with its labels) is imported only when needed, so ordinary page loads do not carry it.
import { useEffect } from 'react';
import { loadLabelAreas } from '../../stores/locale';

const loyaltyStore = () => Promise.all([import('../../stores/loyalty'), loadLabelAreas(['referral', 'savings'])]).then(([store]) => store);

export default function LoyaltyBindings() {
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    if (query.has('referral_code') || query.has('referral_org')) void loyaltyStore().then((m) => m.storeLandingReferral());
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.('[data-method="dailydeals"]');
      if (!target) return;
      event.preventDefault();
      void loyaltyStore().then((m) => m.openDailyDeals());
    };
    document.addEventListener('click', onClick);
    document.documentElement.dataset.dailyDeals = 'ready';
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
