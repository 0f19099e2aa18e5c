// The audit log: every console change, newest first, with who, when, what and the values before → after.
import { Fragment, useState } from 'react';
import { PER_PAGE, type AuditEntry } from '../../shared/contract/console';
import { loadAudit } from '../../stores/console';
import { $language, useT } from '../../stores/locale';
import { useStore } from '@nanostores/react';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import Pager from './Pager';

export default function AuditPage() {
  return (
    <ConsoleGate section="admin">
      <Audit />
    </ConsoleGate>
  );
}

/** A side of a change (`before`, `after`: any JSON value) by its fields; a side that is not an object has none. */
const fieldsOf = (side: unknown) => new Map<string, unknown>(side !== null && typeof side === 'object' && !Array.isArray(side) ? Object.entries(side) : []);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const LANGUAGE_TAG = /^[a-z]{2}-[A-Z]{2}$/;
/** Fields whose values are code words, and the prefix of the labels that name them. */
const CODE_WORDS: Record<string, string> = { kind: 'ops_card_kind_', status: 'ops_domain_status_', booking_status: 'bk_status_', role: 'admin_role_', font_family: 'admin_font_' };
/** Yes-or-no fields stored as 1 or 0 (a member's "can book", as the members API writes it): shown as yes or no. */
const FLAGS = new Set(['can_user_book', 'hidden']);

/**
 * The audit log read by people (issue 33): each field by its label in the page's language, amounts in minor units as
 * money, dates as dates, yes and no; the stored detail keeps its keys. A field with no label shows its key as code.
 */
function useAuditText() {
  const t = useT();
  const language = useStore($language);
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const languages = new Intl.DisplayNames([language], { type: 'language' });
  const money = (minor: number, currency: string) => {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
    } catch {
      return new Intl.NumberFormat(language).format(minor / 100);
    }
  };
  const field = (key: string) => t(`audit_field_${key}`) || (LANGUAGE_TAG.test(key) ? (languages.of(key) ?? key) : '');
  function value(key: string, v: unknown, side: Map<string, unknown>): string {
    if (v === undefined) return '—';
    if (v === null || v === '') return t('audit_none');
    if (typeof v === 'boolean' || (FLAGS.has(key) && (v === 0 || v === 1))) return t(v ? 'audit_yes' : 'audit_no');
    if (typeof v === 'number' && key.endsWith('_minor')) {
      const currency = typeof side.get('currency') === 'string' ? String(side.get('currency')) : key.includes('usd') ? 'USD' : '';
      return currency ? money(v, currency) : new Intl.NumberFormat(language).format(v / 100);
    }
    if (typeof v === 'number') return new Intl.NumberFormat(language).format(v);
    if (typeof v === 'string' && ISO_DAY.test(v)) return day.format(new Date(`${v}T00:00:00Z`));
    if (typeof v === 'string' && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))) return moment.format(new Date(v));
    // A stored code word (a card's kind, a domain's status) by the console's own label for it.
    if (typeof v === 'string' && key in CODE_WORDS) return t(`${CODE_WORDS[key]}${v}`) || v;
    if (typeof v === 'string' && LANGUAGE_TAG.test(v)) return languages.of(v) ?? v;
    if (typeof v === 'string') return v;
    // A list with items, or a group of fields, is shown part by part (Value): here only an empty list is left.
    return t('audit_none');
  }
  /** A value shown as it was stored (what a person typed, a name, a code): kept out of translation, verbatim. */
  const verbatim = (key: string, v: unknown) =>
    typeof v === 'string' && v !== '' && !ISO_DAY.test(v) && !ISO_TIME.test(v) && !(key in CODE_WORDS) && !LANGUAGE_TAG.test(v);
  /**
   * "card:CERT-…" → "Card CERT-…"; "product:55 room:81 DBL" → "Product 55 · Room type 81 DBL": each `kind:` by the
   * console's word for it, what follows (an id, a code, an address) as stored.
   */
  const target = (raw: string) =>
    raw.split(' ').map((token, i) => {
      const at = token.indexOf(':');
      // A target that is a word alone ("theme") is that word's label.
      if (at < 0 && i === 0 && t(`audit_target_${token}`)) return { word: t(`audit_target_${token}`), stored: '' };
      const label = at > 0 ? t(`audit_target_${token.slice(0, at)}`) : '';
      if (!label) return { word: null, stored: `${i ? ' ' : ''}${token}` };
      const rest = token.slice(at + 1);
      // A language is named in the page's language ("Translations French"); anything else is shown as stored.
      if (LANGUAGE_TAG.test(rest)) return { word: `${i ? ' · ' : ''}${label} ${languages.of(rest) ?? rest}`, stored: '' };
      return { word: `${i ? ' · ' : ''}${label} `, stored: rest };
    });
  const action = (raw: string) => t(`admin_action_${raw.replace('.', '_')}`);
  return { field, value, verbatim, target, action };
}

/** A field's name and its colon, as the page's language writes it ("Statut :" in French); a field with no label as code. */
function Key({ k, field }: { k: string; field: string }) {
  const t = useT();
  return field ? (
    <span className="audit-key">{t('labelled', { label: field })}</span>
  ) : (
    <span className="audit-key">
      <code>{k}</code>
      {t('labelled', { label: '' })}
    </span>
  );
}

/**
 * A value as the page shows it: a list item by item and a group field by field, so each part stored as typed (a name in
 * a list of amenities, a room's name in each language) is marked verbatim on its own, and the console's words are not.
 */
function Value({ text, k, v, side }: { text: ReturnType<typeof useAuditText>; k: string; v: unknown; side: Map<string, unknown> }) {
  const t = useT();
  if (Array.isArray(v) && v.length) {
    return v.map((item, i) => (
      <Fragment key={i}>
        {i ? ', ' : null}
        <Value text={text} k={k} v={item} side={side} />
      </Fragment>
    ));
  }
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const inner = fieldsOf(v);
    return [...inner].map(([ik, x], i) => (
      <Fragment key={ik}>
        {i ? '; ' : null}
        {text.field(ik) ? t('labelled', { label: text.field(ik) }) : <span translate="no">{t('labelled', { label: ik })}</span>} <Value text={text} k={ik} v={x} side={inner} />
      </Fragment>
    ));
  }
  return <span translate={text.verbatim(k, v) ? 'no' : undefined}>{text.value(k, v, side)}</span>;
}

function Changes({ detail }: { detail: AuditEntry['detail'] }) {
  const text = useAuditText();
  const before = fieldsOf(detail.before);
  const after = fieldsOf(detail.after);
  // A detail without before/after (an import's count, a channel message's reference) is its own fields.
  const own = before.size || after.size ? new Map<string, unknown>() : fieldsOf(detail);
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return (
    <ul className="audit-changes">
      {keys.map((k) => (
        <li key={k}>
          <Key k={k} field={text.field(k)} /> <Value text={text} k={k} v={before.get(k)} side={before} /> → <Value text={text} k={k} v={after.get(k)} side={after} />
        </li>
      ))}
      {[...own].map(([k, v]) => (
        <li key={k}>
          <Key k={k} field={text.field(k)} /> <Value text={text} k={k} v={v} side={own} />
        </li>
      ))}
    </ul>
  );
}

function Audit() {
  const t = useT();
  const language = useStore($language);
  const [page, setPage] = useState(1);
  const audit = useConsoleLoad(() => loadAudit(page), page);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const text = useAuditText();
  if (!audit.data) return <LoadState loaded={audit} />;
  return (
    <>
      <p className="console-muted">{t('admin_audit_count', { n: audit.data.count })}</p>
      <div className="table-wrap">
        <table className="table table-stack">
          <thead>
            <tr>
              <th scope="col">{t('admin_audit_when')}</th>
              <th scope="col">{t('admin_audit_who')}</th>
              <th scope="col">{t('admin_audit_what')}</th>
              <th scope="col">{t('admin_audit_change')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.data.map((row, i) => (
              <tr key={`${row.at}-${i}`} data-testid="audit-row">
                <td data-label={t('admin_audit_when')}>
                  <time dateTime={row.at}>{when.format(new Date(row.at))}</time>
                </td>
                <td data-label={t('admin_audit_who')} className="console-break">{row.actor_email}</td>
                <td data-label={t('admin_audit_what')} className="console-break">
                  {text.action(row.action) || <code>{row.action}</code>}
                  <br />
                  <span className="console-muted" data-testid="audit-target">
                    {text.target(row.target).map((part, i) => (
                      <Fragment key={i}>
                        {part.word}
                        {part.stored ? <span translate="no">{part.stored}</span> : null}
                      </Fragment>
                    ))}
                  </span>
                </td>
                <td data-label={t('admin_audit_change')} className="console-break">
                  <Changes detail={row.detail} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} count={audit.data.count} perPage={PER_PAGE} onPage={setPage} />
    </>
  );
}
