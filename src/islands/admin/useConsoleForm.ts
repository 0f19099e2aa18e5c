// The console's one form hook: values, the same zod schema the API uses checked in the browser, the server's 400
// issues shown beside their fields, and the save's state. Messages are shown in the page's language.
import { useState } from 'react';
import type { z } from 'zod';
import { CONSOLE_MSG, OPS_MSG } from '../../shared/contract/console-messages';
import { LINK_MSG } from '../../shared/contract/links-text';
import { INVENTORY_MSG } from '../../shared/contract/inventory-text';
import { SUPPLIER_MSG } from '../../shared/contract/supplier-text';
import { keyedTexts, MESSAGE_PREFIX } from '../../shared/i18n/message-prefixes';
import { readContrastMessage } from '../../shared/rules/theme';
import { useT } from '../../stores/locale';
import { failureMessage, fieldErrors, issuesByField, keyedText, translateMessage, type KeyedMessage } from '../account/signup-logic';
import { useFocusInvalid } from '../ui/useFocusInvalid';

type T = (key: string, vars?: Record<string, string | number>) => string;

const MESSAGE_KEYS = new Map<string, string>([
  ...keyedTexts(CONSOLE_MSG, MESSAGE_PREFIX.console),
  ...keyedTexts(OPS_MSG, MESSAGE_PREFIX.operations),
  ...keyedTexts(LINK_MSG, MESSAGE_PREFIX.links),
  ...keyedTexts(INVENTORY_MSG, MESSAGE_PREFIX.inventory),
  // A supplier import's end (why it stopped) is a text of the job, not a refusal carrying its key.
  ...keyedTexts(SUPPLIER_MSG, MESSAGE_PREFIX.suppliers),
]);

/** A console schema's or the server's message in the page's language (unknown texts pass through). */
export function fieldText(t: T, text: string): string {
  const contrast = readContrastMessage(text);
  if (contrast) return t('admin_msg_contrast', { pair: t(`admin_pair_${contrast.fg}`), ratio: contrast.ratio });
  const key = MESSAGE_KEYS.get(text);
  if (key && t(key)) return t(key);
  return translateMessage(t, text);
}

/**
 * A CSV import issue's place as a person reads it, labelled: "row 3:" in the page's language, then its column when it
 * names one ("row 3.email" → "row 3: email:").
 */
export function issuePlace(t: T, path: string): string {
  const [row, ...column] = path.split('.');
  const place = t('labelled', { label: (row ?? '').replace(/^row (\d+)$/, (_, n: string) => t('ops_row', { n })) });
  return column.length ? `${place} ${t('labelled', { label: column.join('.') })}` : place;
}

/** A message from the API in the page's language: the label it named, else its text matched as the console's own. */
export const keyedFieldText = (t: T, m: KeyedMessage): string => keyedText(t, m, false, (text) => fieldText(t, text));

/** The text of a failed call: its first issue or message, in the page's language. */
export function consoleMessage(t: T, error: unknown, fallbackKey = 'admin_load_failed'): string {
  return keyedFieldText(t, failureMessage(error, t(fallbackKey)));
}

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export function useConsoleForm<S extends z.ZodType<unknown, Record<string, unknown>>>(schema: S, initial: z.input<S>) {
  const t = useT();
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const focusFirstInvalid = useFocusInvalid(() => document);
  const [state, setState] = useState<SaveState>('idle');
  const [message, setMessage] = useState('');

  function check(next: z.input<S>): Record<string, string> {
    const parsed = schema.safeParse(next);
    if (parsed.success) return {};
    const found = fieldErrors(parsed.error.issues);
    return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, fieldText(t, v)]));
  }

  function set<K extends keyof z.input<S> & string>(name: K, value: z.input<S>[K]) {
    const next = { ...values, [name]: value };
    setValues(next);
    setState('idle');
    // A field already flagged is checked again as it is edited, so its message goes as soon as it is right.
    if (errors[name]) setErrors((e) => ({ ...e, [name]: check(next)[name] ?? '' }));
  }

  /** On leaving a field: its own message, if any. */
  function blur(name: string) {
    setErrors((e) => ({ ...e, [name]: check(values)[name] ?? '' }));
  }

  /** Checks the whole form, then sends the parsed values; a 400's issues land beside their fields. */
  async function submit(send: (parsed: z.output<S>) => Promise<unknown>): Promise<boolean> {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(check(values));
      setState('failed');
      setMessage(t('admin_fix_fields'));
      focusFirstInvalid();
      return false;
    }
    setErrors({});
    setState('saving');
    setMessage('');
    try {
      await send(parsed.data);
      setState('saved');
      setMessage(t('admin_saved'));
      return true;
    } catch (err) {
      const byField = issuesByField(err, (m) => keyedFieldText(t, m));
      setErrors(byField);
      setState('failed');
      setMessage(consoleMessage(t, err, 'admin_load_failed'));
      if (Object.keys(byField).length) focusFirstInvalid();
      return false;
    }
  }

  return { values, setValues, errors, state, message, set, blur, submit };
}
