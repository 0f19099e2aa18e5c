// The audit log: every console change, newest first, with who, when, what and the values before → after.
import { useState } from 'react';
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

const shown = (value: unknown) => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** A side of a change (`before`, `after`: any JSON value) by its fields; a side that is not an object has none. */
const fieldsOf = (side: unknown) => new Map<string, unknown>(side !== null && typeof side === 'object' ? Object.entries(side) : []);

function Changes({ detail }: { detail: AuditEntry['detail'] }) {
  const before = fieldsOf(detail.before);
  const after = fieldsOf(detail.after);
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return (
    <ul className="audit-changes">
      {keys.map((k) => (
        <li key={k}>
          <span className="audit-key">{k}</span>: {shown(before.get(k))} → {shown(after.get(k))}
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
                  {t(`admin_action_${row.action.replace('.', '_')}`) || row.action}
                  <br />
                  <span className="console-muted">{row.target}</span>
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
