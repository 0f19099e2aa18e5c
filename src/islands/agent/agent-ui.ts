// What the agent islands share that is not a component: the access hook (from ./agent-access), money and date display, message texts.
import { useStore } from '@nanostores/react';
import { formatMoney, toMinor } from '../../shared/rules/money';
import { AGENT_MSG } from '../../shared/contract/agent-text';
import { keyedTexts, MESSAGE_PREFIX } from '../../shared/i18n/message-prefixes';
import { $language } from '../../stores/locale';
import { failureMessage, issuesByField, keyedText, translateMessage, type KeyedMessage } from '../account/signup-logic';
import { formatDay, SHORT_MONTH_DAY } from '../../shared/rules/format-day';

export { useAgentAccess } from './agent-access';

/** A wire amount (decimal) of `currency` for people, in the page's language. */
export function useMoney() {
  const language = useStore($language);
  return (amount: number, currency: string) => formatMoney(toMinor(amount, currency), currency, language);
}

export function useDates() {
  const language = useStore($language);
  const day = (iso: string) => formatDay(language, iso, SHORT_MONTH_DAY);
  return { day, range: (from: string, to: string | null) => (to ? `${day(from)} – ${day(to)}` : day(from)) };
}

const AGENT_KEYS = new Map<string, string>(keyedTexts(AGENT_MSG, MESSAGE_PREFIX.agents).map(([text, key]) => [text.toUpperCase(), key]));

/** The text of a failed call in the page's language: the agent area's own messages, then the accounts' (field rules). */
export function agentFailure(t: (key: string) => string, error: unknown, fallbackKey = 'agent_load_failed'): string {
  return agentMessage(t, failureMessage(error, t(fallbackKey) || 'Something went wrong'));
}

/** A message in the page's language: the label the API named, else the text matched to an agent or accounts' label. */
const agentMessage = (t: (key: string) => string, m: KeyedMessage) => keyedText(t, m, false, (text) => agentText(t, text));

/** A refusal's field issues in the page's language, by field (an agent form shows each beside its field). */
export const agentFieldErrors = (t: (key: string) => string, error: unknown) => issuesByField(error, (m) => agentMessage(t, m));

/** An agent message matched to its label (upper case aside), then an accounts' one; unknown texts pass through. */
function agentText(t: (key: string) => string, text: string): string {
  const key = AGENT_KEYS.get(text.toUpperCase());
  return (key && t(key)) || translateMessage(t, text);
}

/** A server or schema message shown next to a field. */
export function fieldMessage(t: (key: string) => string, text: string | undefined): string | undefined {
  return text ? agentText(t, text) : undefined;
}
