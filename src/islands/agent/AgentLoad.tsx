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
  if (error) return <AgentError message={error} onRetry={() => void run()} />;
  if (!ready) return <AgentLoading />;
  return null;
}

/** A failed load, with the way to try again. */
export function AgentError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="alert alert-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {t('agent_retry')}
      </button>
    </div>
  );
}

/** The page's data is on its way. */
export function AgentLoading() {
  const t = useT();
  return (
    <div className="agent-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
