// Members and agents: search, page through, open one; change the role and booking right, an agent's credit limit, and
// record an agent's payment. The last admin's demotion is refused by the server with its message.
import { useState } from 'react';
import { ROLES } from '../../shared/contract/auth';
import { MemberPatchSchema, PaymentSchema, PER_PAGE, type MemberEntry } from '../../shared/contract/console';
import { changeMember, loadMember, loadMembers, recordPayment, type MemberDetail } from '../../stores/console';
import { useT } from '../../stores/locale';
import Field, { fieldA11y } from '../account/Field';
import { useMoney } from '../agent/agent-ui';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import Pager from './Pager';
import SaveBar from './SaveBar';
import { useConsoleForm } from './useConsoleForm';

export default function MembersPage() {
  return (
    <ConsoleGate section="admin">
      <Members />
    </ConsoleGate>
  );
}

function Members() {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const [open, setOpen] = useState<number | null>(null);
  const list = useConsoleLoad(() => loadMembers(query.q, query.page), query);
  const name = (m: MemberEntry) => `${m.first_name} ${m.last_name}`.trim() || m.email;

  return (
    <>
      <form
        className="console-actions"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ q: typed, page: 1 });
        }}
      >
        <label className="visually-hidden" htmlFor="member-search">
          {t('admin_members_search')}
        </label>
        <input id="member-search" className="input console-search" type="search" value={typed} placeholder={t('admin_members_search')} onChange={(e) => setTyped(e.target.value)} />
        <button type="submit" className="btn">
          {t('admin_search')}
        </button>
      </form>
      {list.data ? (
        <>
          <p className="console-muted" role="status">
            {t('admin_members_count', { n: list.data.count })}
          </p>
          <div className="table-wrap">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">{t('admin_member')}</th>
                  <th scope="col">{t('admin_role')}</th>
                  <th scope="col">{t('admin_can_book')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin_open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((m) => (
                  <tr key={m.userId} data-testid="member-row">
                    <td data-label={t('admin_member')} className="console-break">
                      {/* A person's name is data, in no language: translation tools (and the language walk) leave it. */}
                      <span translate="no">{name(m)}</span>
                      <br />
                      <span className="console-muted">{m.email}</span>
                    </td>
                    <td data-label={t('admin_role')}>{t(`admin_role_${m.role}`)}</td>
                    <td data-label={t('admin_can_book')}>{t(m.can_user_book ? 'admin_yes' : 'admin_no')}</td>
                    <td>
                      <button type="button" className="btn btn-sm" aria-expanded={open === m.userId} onClick={() => setOpen(open === m.userId ? null : m.userId)}>
                        {t('admin_open')}
                        <span className="visually-hidden" translate="no"> {name(m)}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={query.page} count={list.data.count} perPage={PER_PAGE} onPage={(page) => setQuery({ ...query, page })} />
        </>
      ) : (
        <LoadState loaded={list} />
      )}
      {open !== null && <MemberPanel key={open} id={open} onChanged={() => void list.reload()} />}
    </>
  );
}

function MemberPanel({ id, onChanged }: { id: number; onChanged: () => void }) {
  const member = useConsoleLoad(() => loadMember(id), id);
  return member.data ? <MemberForms member={member.data} onChanged={(m) => (member.setData(m), onChanged())} /> : <LoadState loaded={member} />;
}

function MemberForms({ member, onChanged }: { member: MemberDetail; onChanged: (m: MemberDetail) => void }) {
  const t = useT();
  const money = useMoney();
  const form = useConsoleForm(MemberPatchSchema, { role: member.role, can_user_book: member.can_user_book, credit_limit: member.credit_limit });
  const pay = useConsoleForm(PaymentSchema, { amount: Number.NaN, note: '' });
  const v = form.values as { role: MemberDetail['role']; can_user_book: 0 | 1; credit_limit: number };
  const isAgent = member.role === 'agent';
  const title = `${member.first_name} ${member.last_name}`.trim() || member.email;

  return (
    <section className="console-group" aria-labelledby="member-title" data-testid="member-panel">
      <h2 id="member-title" className="console-break" translate="no">
        {title}
      </h2>
      <p className="console-muted console-break">{member.email}</p>
      <form
        className="console-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit(async (patch) => {
            const changed = await changeMember(member.userId, { ...patch, credit_limit: v.role === 'agent' ? patch.credit_limit : undefined });
            onChanged({ ...member, ...changed });
          });
        }}
      >
        <div className="console-grid">
          <Field id="member-role" label={t('admin_role')} error={form.errors.role}>
            <select className="select" {...fieldA11y('member-role', form.errors.role)} value={v.role} onChange={(e) => form.set('role', e.target.value as MemberDetail['role'])}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`admin_role_${r}`)}
                </option>
              ))}
            </select>
          </Field>
          {v.role === 'agent' && (
            <Field id="member-credit" label={t('admin_credit_limit')} error={form.errors.credit_limit}>
              <input
                className="input"
                type="number"
                min={0}
                step={0.01}
                {...fieldA11y('member-credit', form.errors.credit_limit)}
                value={Number.isFinite(v.credit_limit) ? v.credit_limit : ''}
                onChange={(e) => form.set('credit_limit', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                onBlur={() => form.blur('credit_limit')}
              />
            </Field>
          )}
        </div>
        <label className="console-check">
          <input type="checkbox" checked={v.can_user_book === 1} onChange={(e) => form.set('can_user_book', e.target.checked ? 1 : 0)} />
          {t('admin_can_book')}
        </label>
        <SaveBar state={form.state} message={form.message} />
      </form>
      {isAgent && (
        <form
          className="console-form"
          noValidate
          aria-labelledby="payment-title"
          onSubmit={(e) => {
            e.preventDefault();
            void pay.submit(async (payment) => onChanged(await recordPayment(member.userId, payment)));
          }}
        >
          <h3 id="payment-title">{t('admin_payment_title')}</h3>
          <p data-testid="member-outstanding">{t('admin_outstanding', { amount: money(member.outstanding, 'USD') })}</p>
          <div className="console-grid">
            <Field id="payment-amount" label={t('admin_payment_amount')} error={pay.errors.amount}>
              <input
                className="input"
                type="number"
                min={0.01}
                step={0.01}
                {...fieldA11y('payment-amount', pay.errors.amount)}
                value={Number.isFinite(pay.values.amount) ? pay.values.amount : ''}
                onChange={(e) => pay.set('amount', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                onBlur={() => pay.blur('amount')}
              />
            </Field>
            <Field id="payment-note" label={t('admin_payment_note')} error={pay.errors.note}>
              <input className="input" {...fieldA11y('payment-note', pay.errors.note)} value={pay.values.note ?? ''} onChange={(e) => pay.set('note', e.target.value)} />
            </Field>
          </div>
          <SaveBar state={pay.state} message={pay.message} label={t('admin_payment_record')} />
        </form>
      )}
    </section>
  );
}
