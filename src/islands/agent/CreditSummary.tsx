// The agent's credit on account: limit, outstanding balance, what is left, and a meter of the share in use.
import type { CreditSummary as Credit } from '../../shared/contract/agent';
import { creditUsedPercent } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { useMoney } from './agent-ui';

export default function CreditSummary({ credit }: { credit: Credit }) {
  const t = useT();
  const money = useMoney();
  const used = creditUsedPercent(credit);
  return (
    <section className="panel agent-card" aria-labelledby="agent-credit-title" data-testid="agent-credit">
      <h2 id="agent-credit-title">{t('agent_credit_title')}</h2>
      <dl className="agent-facts">
        <div>
          <dt>{t('agent_credit_limit')}</dt>
          <dd className="agent-figure" data-testid="credit-limit">{money(credit.credit_limit, credit.currency)}</dd>
        </div>
        <div>
          <dt>{t('agent_credit_outstanding')}</dt>
          <dd className="agent-figure" data-testid="credit-outstanding">{money(credit.outstanding, credit.currency)}</dd>
        </div>
        <div>
          <dt>{t('agent_credit_available')}</dt>
          <dd className="agent-figure" data-testid="credit-available">{money(credit.available, credit.currency)}</dd>
        </div>
      </dl>
      <progress className={`agent-meter${used >= 90 ? ' agent-meter--high' : ''}`} max={100} value={used} aria-label={t('agent_credit_used')} />
      <p className="small muted">
        {used} % {t('agent_credit_used')}. {t('agent_credit_note')}
      </p>
    </section>
  );
}
