// An agent's trade prices on a result or product (org in B2B mode only): the net price and the sell price with the markup.
import { useStore } from '@nanostores/react';
import Money from '../ui/Money';
import { $language, useT } from '../../stores/locale';
import type { AgentPricing } from '../../shared/contract/booking';

export default function AgentPrices({ pricing, className = '' }: { pricing: AgentPricing; className?: string }) {
  const t = useT();
  const language = useStore($language);
  const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(pricing.markup_percent);
  return (
    <dl className={`bk-trade ${className}`.trim()} aria-label={t('agent_b2b_prices')} data-testid="agent-pricing">
      <div className="bk-trade__row">
        <dt>{t('agent_b2b_net')}</dt>
        <dd>
          <Money amount={pricing.net_price} currency={pricing.currency} testId="agent-net" />
        </dd>
      </div>
      <div className="bk-trade__row bk-trade__row--sell">
        <dt>{t('agent_b2b_your_price', { percent })}</dt>
        <dd>
          <Money amount={pricing.sell_price} currency={pricing.currency} testId="agent-sell" />
        </dd>
      </div>
    </dl>
  );
}
