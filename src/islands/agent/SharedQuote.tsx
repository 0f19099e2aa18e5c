// The client's read-only quote (/quote?token=…): what the agent offers and its price; never the net price or markup.
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../shared/contract/api-client';
import { viewSharedQuote } from '../../stores/agent';
import type { SharedQuote as Quote } from '../../shared/contract/agent';
import { useT } from '../../stores/locale';
import { titledName } from '../../shared/i18n/person-title';
import { AgentError, AgentLoading } from './AgentLoad';
import { useDates, useMoney } from './agent-ui';

type State = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'failed' } | { kind: 'ready'; quote: Quote };

export default function SharedQuote() {
  const t = useT();
  const money = useMoney();
  const { range } = useDates();
  const [state, setState] = useState<State>({ kind: 'loading' });

  async function load() {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return setState({ kind: 'invalid' });
    setState({ kind: 'loading' });
    try {
      const data = await viewSharedQuote(token);
      setState({ kind: 'ready', quote: data });
    } catch (err) {
      setState({ kind: err instanceof ApiFailure && (err.status === 404 || err.status === 400) ? 'invalid' : 'failed' });
    }
  }
  useEffect(() => void load(), []);

  if (state.kind === 'loading') return <AgentLoading />;
  if (state.kind === 'invalid')
    return (
      <p className="alert alert-error" role="alert" data-testid="quote-invalid">
        {t('agent_quote_invalid')}
      </p>
    );
  if (state.kind === 'failed') return <AgentError message={t('agent_load_failed')} onRetry={() => void load()} />;

  const q = state.quote;
  const guests = `${q.guests} ${t(q.guests === 1 ? 'agent_guest' : 'agent_guests')}`;
  const nights = q.nights ? ` · ${q.nights} ${t(q.nights === 1 ? 'agent_night' : 'agent_nights')}` : '';
  return (
    <article className="shared-quote card" data-testid="shared-quote" aria-labelledby="shared-quote-name">
      {q.product.image ? (
        <div className="card-media shared-quote__media">
          <img src={q.product.image} alt="" width="640" height="400" />
        </div>
      ) : null}
      <div className="card-body stack">
        <p className="badge">{t(`agent_type_${q.product.type}`)}</p>
        <h2 id="shared-quote-name" className="shared-quote__name">{q.product.name}</h2>
        <p className="muted">{q.product.city}</p>
        {q.product.description ? <p>{q.product.description}</p> : null}
        <dl className="agent-facts">
          <div>
            <dt>{t('agent_quote_dates')}</dt>
            <dd>{range(q.check_in, q.check_out)}{nights}</dd>
          </div>
          <div>
            <dt>{t('agent_col_guests')}</dt>
            <dd>{guests}</dd>
          </div>
          <div>
            <dt>{t('agent_quote_prepared_for')}</dt>
            <dd>{titledName(t, q.client_name)}</dd>
          </div>
          <div>
            <dt>{t('agent_quote_prepared_by')}</dt>
            <dd>
              {q.agent_name}
              {q.agency_name ? `, ${q.agency_name}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('agent_quote_reference')}</dt>
            <dd>{q.reference}</dd>
          </div>
        </dl>
        {q.note ? <blockquote className="shared-quote__note">{q.note}</blockquote> : null}
        <div className="shared-quote__total">
          <span>{t('agent_quote_total')}</span>
          <strong className="price" data-testid="shared-quote-total">{money(q.total, q.currency)}</strong>
        </div>
        {q.status === 'BOOKED' ? (
          <p className="alert alert-success">{t('agent_quote_booked_note')}</p>
        ) : (
          <a className="btn btn-primary" href={`mailto:${q.agent_email}?subject=${encodeURIComponent(`${q.reference} – ${q.product.name}`)}`}>
            {t('agent_quote_contact')}
          </a>
        )}
      </div>
    </article>
  );
}
