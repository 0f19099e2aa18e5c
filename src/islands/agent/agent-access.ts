// Who is looking, for the agent's islands and for the agent's controls on the traveller's pages (Add to quote). A
// module of its own: a product page shows "Add to quote" to agents, and should not carry the agent area's messages.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $agentAccess, type AgentAccess } from '../../stores/agent';
import { runStartup } from '../../stores/startup';

/** Starts the login check (once per page) and answers who is looking: the agent pages render only for 'agent'. */
export function useAgentAccess(): AgentAccess {
  useEffect(() => void runStartup(), []);
  return useStore($agentAccess);
}
