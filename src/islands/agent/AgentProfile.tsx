// /agent/profile: the agent, the agency, the default markup and the credit on account (limit, outstanding, available).
import { useStore } from '@nanostores/react';
import { $agentProfile, loadAgentProfile } from '../../stores/agent';
import { useT } from '../../stores/locale';
import { titleLabel } from '../../shared/i18n/person-title';
import { useAgentLoad } from './AgentLoad';
import CreditSummary from './CreditSummary';

export default function AgentProfile() {
  const t = useT();
  const profile = useStore($agentProfile);
  const pending = useAgentLoad(loadAgentProfile, profile !== null);
  if (pending || !profile) return pending;

  const { agent, agency } = profile;
  const name = [titleLabel(t, agent.title), agent.first_name, agent.last_name].filter(Boolean).join(' ') || agent.email;
  return (
    <div className="stack" data-testid="agent-profile">
      <div className="agent-cards">
        <section className="panel agent-card" aria-labelledby="agent-card-agent">
          <h2 id="agent-card-agent">{t('agent_profile_agent')}</h2>
          <dl className="agent-facts">
            <div>
              <dt>{t('agent_col_name')}</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>{t('agent_profile_email')}</dt>
              <dd>{agent.email}</dd>
            </div>
            {agent.mobile_no ? (
              <div>
                <dt>{t('agent_profile_phone')}</dt>
                <dd>{`${agent.phone_country_code} ${agent.mobile_no}`.trim()}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('agent_markup_default')}</dt>
              <dd data-testid="agent-default-markup">{profile.markup_percent} %</dd>
            </div>
          </dl>
        </section>
        <section className="panel agent-card" aria-labelledby="agent-card-agency">
          <h2 id="agent-card-agency">{t('agent_profile_agency')}</h2>
          {agency ? (
            <dl className="agent-facts">
              <div>
                <dt>{t('agent_col_name')}</dt>
                <dd data-testid="agent-agency-name">{agency.name}</dd>
              </div>
              {agency.license_no ? (
                <div>
                  <dt>{t('agent_profile_license')}</dt>
                  <dd>{agency.license_no}</dd>
                </div>
              ) : null}
              {agency.address ? (
                <div>
                  <dt>{t('agent_profile_address')}</dt>
                  <dd>{agency.address}</dd>
                </div>
              ) : null}
              {agency.phone ? (
                <div>
                  <dt>{t('agent_profile_phone')}</dt>
                  <dd>{agency.phone}</dd>
                </div>
              ) : null}
              {agency.email ? (
                <div>
                  <dt>{t('agent_profile_email')}</dt>
                  <dd>{agency.email}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="muted">{t('agent_profile_no_agency')}</p>
          )}
        </section>
      </div>
      <CreditSummary credit={profile.credit} />
      <div className="agent-cards agent-cards--three">
        {(
          [
            ['clients', '/agent/client-list', 'agent_counts_clients', 'agent_go_clients'],
            ['quotes', '/agent/my-quotes', 'agent_counts_quotes', 'agent_go_quotes'],
            ['bookings', '/agent/booking-history', 'agent_counts_bookings', 'agent_go_bookings'],
          ] as const
        ).map(([key, href, label, action]) => (
          <section key={key} className="panel agent-card" aria-labelledby={`agent-count-${key}`}>
            <h2 id={`agent-count-${key}`}>{t(label)}</h2>
            <p className="agent-figure" data-testid={`agent-count-${key}`}>{profile.counts[key]}</p>
            <a className="btn btn-secondary btn-sm" href={href}>
              {t(action)}
            </a>
          </section>
        ))}
      </div>
    </div>
  );
}
