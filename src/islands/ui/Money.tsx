// An amount of money in the reader's language, and whether prices may be shown (guests always; members per displayPrice).
import { useStore } from '@nanostores/react';
import { formatMoney, pricesVisible, toMinor } from '../../shared/rules/money';
import { $language } from '../../stores/locale';
import { $signedIn, $user } from '../../stores/session';
import { $org } from '../../stores/startup';

export function usePricesVisible(): boolean {
  const signedIn = useStore($signedIn);
  const user = useStore($user);
  const org = useStore($org);
  return pricesVisible({ signedIn: signedIn === true, orgDisplayPrice: org?.displayPrice ?? 1, userDisplayPrice: user?.display_price });
}

export default function Money({ amount, currency, className, testId }: { amount: number; currency: string; className?: string; testId?: string }) {
  const language = useStore($language);
  return (
    <span className={className} data-testid={testId} data-amount={amount} data-currency={currency}>
      {formatMoney(toMinor(amount, currency), currency, language)}
    </span>
  );
}
