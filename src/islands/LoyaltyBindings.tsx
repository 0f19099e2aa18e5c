// Renders nothing: binds the product menu's daily-deals entry and keeps a landing's referral (mounted once by the layout).
import { useEffect } from 'react';
import { openDailyDeals, storeLandingReferral } from '../stores/loyalty';

export default function LoyaltyBindings() {
  useEffect(() => {
    storeLandingReferral();
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element | null)?.closest?.('[data-method="dailydeals"]');
      if (!target) return;
      event.preventDefault();
      void openDailyDeals();
    };
    document.addEventListener('click', onClick);
    document.documentElement.dataset.dailyDeals = 'ready';
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
