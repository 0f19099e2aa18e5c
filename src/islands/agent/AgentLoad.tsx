// Loading an agent page's data: only for agents, with one retryable error state and one loading state.
import { useEffect, useState, type ReactElement } from 'react';
import { useT } from '../../stores/locale';
import AgentAway from './AgentAway';
import { agentFailure, useAgentAccess } from './agent-ui';

/** Loads once the caller is known to be an agent; answers what to show instead of the page while it is not ready. */
export function useAgentLoad(load: () => Promise<unknown>, ready: boolean): ReactElement | null {
  const t = useT();
  const access = useAgentAccess();
  const [error, setError] = useState('');

  async function run() {
    setError('');
    try {
      await load();
    } catch (err) {
      setError(agentFailure(t, err));
    }
  }
  useEffect(() => {
    if (access === 'agent') void run();
  }, [access]);

  if (access !== 'agent') return <AgentAway access={access} />;
  if (error)
    return (
      <div className="alert alert-error" role="alert">
        <p>{error}</p>
        <button type="button" className="btn btn-sm" onClick={() => void run()}>
          {t('agent_retry')}
        </button>
      </div>
    );
  if (!ready)
    return (
      <div className="agent-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  return null;
}
