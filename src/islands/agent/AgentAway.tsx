// What a signed-in consumer sees on an /agent page: a message, then the home page.
import { useEffect } from 'react';
import { AWAY_DELAY_MS, type AgentAccess } from '../../stores/agent';
import { useT } from '../../stores/locale';

export default function AgentAway({ access }: { access: AgentAccess }) {
  const t = useT();
  useEffect(() => {
    if (access !== 'consumer') return;
    const timer = setTimeout(() => location.replace('/'), AWAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [access]);
  if (access !== 'consumer') return null;
  return (
    <p className="alert alert-error agent-away" role="alert" data-testid="agent-away">
      {t('agent_away')}
    </p>
  );
}
