// /admin/cards: issue a card to a member, import a CSV file (all or nothing, every bad row listed), the org's cards with
// search, void, and what a card paid for.
import Pager from './Pager';
import { useStore } from '@nanostores/react';
import { useRef, useState, type FormEvent } from 'react';
import { dateFormat } from '../../shared/rules/format-day';
import { $language, useT } from '../../stores/locale';
import { cardSpends, importCards, issueCard, listCards, voidCard } from '../../stores/console-ops';
import { ApiFailure } from '../../shared/contract/api-client';
import { CardIssueSchema, type CardSpendEntry } from '../../shared/contract/console-ops';
import { PRODUCT_TYPES } from '../../shared/rules/wallet';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import { consoleMessage, fieldText, issuePlace, keyedFieldText, useConsoleForm } from './useConsoleForm';

const KINDS = [
  ['cash', 'ops_card_kind_cash'],
  ['discount', 'ops_card_kind_discount'],
  ['certificate', 'ops_card_kind_certificate'],
] as const;

function IssueForm({ onIssued }: { onIssued: () => Promise<void> }) {
  const t = useT();
  const form = useConsoleForm(CardIssueSchema, { email: '', kind: 'cash', amount: 0, currency: 'USD', services: [], pro_code: '' });
  const [done, setDone] = useState('');
  const v = form.values as { email: string; kind: string; amount: number; currency: string; services: string[]; pro_code: string; expires_at?: string };
  const error = (name: string) => (form.errors[name] ? fieldText(t, form.errors[name]!) : '');
  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone('');
    const clean = {
      email: v.email,
      kind: v.kind,
      amount: v.amount,
      currency: v.currency,
      ...(v.kind === 'certificate' ? { services: v.services } : {}),
      ...(v.kind === 'discount' ? { pro_code: v.pro_code } : {}),
      ...(v.expires_at ? { expires_at: v.expires_at } : {}),
    };
    form.setValues(clean as never);
    let code = '';
    const ok = await form.submit(async () => (code = (await issueCard(CardIssueSchema.parse(clean))).card_code));
    if (ok) {
      setDone(t('ops_card_issued', { code }));
      await onIssued();
    }
  }
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`card-${name}`}>{label}</label>
      {input}
      <p className="field-error" id={`card-${name}-error`}>{error(name)}</p>
    </div>
  );
  const aria = (name: string) => ({ id: `card-${name}`, 'aria-invalid': form.errors[name] ? ('true' as const) : undefined, 'aria-describedby': `card-${name}-error` });
  return (
    <form className="console-form console-group" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('ops_card_issue')}</h2>
      <div className="console-grid">
        {field('email', t('ops_card_email'), <input className="input" {...aria('email')} type="email" autoComplete="off" value={v.email} onChange={(e) => form.set('email' as never, e.target.value as never)} />)}
        {field(
          'kind',
          t('ops_card_kind'),
          <select className="select" {...aria('kind')} value={v.kind} onChange={(e) => form.set('kind' as never, e.target.value as never)}>
            {KINDS.map(([k, key]) => (
              <option key={k} value={k}>
                {t(key)}
              </option>
            ))}
          </select>,
        )}
        {field('amount', t('ops_card_amount'), <input className="input" {...aria('amount')} type="number" min="0" step="0.01" value={v.amount || ''} onChange={(e) => form.set('amount' as never, Number(e.target.value) as never)} />)}
        {field(
          'expires_at',
          t('ops_card_expires_on'),
          <input className="input" {...aria('expires_at')} type="date" value={v.expires_at ?? ''} onChange={(e) => form.set('expires_at' as never, (e.target.value || undefined) as never)} />,
        )}
        {field('currency', t('ops_card_currency'), <input className="input" {...aria('currency')} maxLength={3} value={v.currency} onChange={(e) => form.set('currency' as never, e.target.value.toUpperCase() as never)} />)}
        {v.kind === 'certificate' && (
          <fieldset className="field" aria-describedby="card-services-error">
            <legend>{t('ops_card_services')}</legend>
            {PRODUCT_TYPES.map((p) => (
              <label key={p} className="console-check">
                <input
                  type="checkbox"
                  checked={v.services.includes(p)}
                  onChange={(e) => form.set('services' as never, (e.target.checked ? [...v.services, p] : v.services.filter((s) => s !== p)) as never)}
                />
                {p}
              </label>
            ))}
            <p className="field-error" id="card-services-error">{error('services')}</p>
          </fieldset>
        )}
        {v.kind === 'discount' &&
          field(
            'pro_code',
            t('ops_card_pro_code'),
            <select className="select" {...aria('pro_code')} value={v.pro_code} onChange={(e) => form.set('pro_code' as never, e.target.value as never)}>
              <option value="">—</option>
              {PRODUCT_TYPES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>,
          )}
      </div>
      <div className="console-actions">
        <button type="submit" className="btn btn-primary" disabled={form.state === 'saving'}>
          {t('ops_card_issue_button')}
        </button>
        <p className={`console-status${form.state === 'failed' ? ' is-failed' : ' is-saved'}`} role="status">
          {form.state === 'failed' ? form.message : done}
        </p>
      </div>
    </form>
  );
}

function ImportForm({ onImported }: { onImported: () => Promise<void> }) {
  const t = useT();
  const file = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<{ text: string; rows: { path: string; message: string; key?: string }[]; failed: boolean }>({ text: '', rows: [], failed: false });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return;
    setBusy(true);
    try {
      const text = await chosen.text();
      // One key per file content: a second click on the same file issues nothing more.
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      const key = `console-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      const issued = await importCards(text, key);
      setResult({ text: t('ops_card_imported', { n: issued }), rows: [], failed: false });
      await onImported();
    } catch (err) {
      const rows = err instanceof ApiFailure ? (err.body?.error?.issues ?? []) : [];
      setResult({ text: consoleMessage(t, err), rows, failed: true });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="console-form console-group" onSubmit={(e) => void submit(e)}>
      <h2>{t('ops_card_import')}</h2>
      <p className="console-muted" id="card-import-hint">{t('ops_card_import_hint')}</p>
      <div className="field">
        <label htmlFor="card-file">{t('ops_card_file')}</label>
        <input className="input" id="card-file" ref={file} type="file" accept=".csv,text/csv" aria-describedby="card-import-hint" />
      </div>
      <div className="console-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('ops_card_import_button')}
        </button>
      </div>
      <div role="status" className={`console-status${result.failed ? ' is-failed' : ' is-saved'}`}>
        <p>{result.text}</p>
        {result.rows.length > 0 && (
          <ul data-testid="import-problems">
            {result.rows.map((r, i) => (
              <li key={i}>
                {issuePlace(t, r.path)} {keyedFieldText(t, r)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}

function Spends({ id }: { id: number }) {
  const t = useT();
  const loaded = useConsoleLoad(() => cardSpends(id), id);
  if (!loaded.data) return <LoadState loaded={loaded} />;
  if (loaded.data.spends.length === 0) return <p className="console-muted">{t('ops_card_no_spends')}</p>;
  return (
    <ul>
      {loaded.data.spends.map((s: CardSpendEntry) => (
        <li key={s.booking_id}>
          {s.at.slice(0, 10)} · {s.booking_id} · {s.product_name} · {s.card_amount} {s.card_currency}
        </li>
      ))}
    </ul>
  );
}

function CardList({ version }: { version: number }) {
  const t = useT();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const day = dateFormat(useStore($language), { dateStyle: 'medium' });
  const loaded = useConsoleLoad(() => listCards(search, page), [search, page, version]);
  async function voidOne(id: number) {
    try {
      await voidCard(id);
      setMessage('');
      await loaded.reload();
    } catch (err) {
      setMessage(consoleMessage(t, err));
    }
  }
  return (
    <section className="console-form" aria-labelledby="cards-heading">
      <h2 id="cards-heading">{t('ops_card_list')}</h2>
      <form role="search" onSubmit={(e) => (e.preventDefault(), setPage(1), setSearch(q))} className="console-actions">
        <label htmlFor="cards-search" className="visually-hidden">
          {t('ops_search')}
        </label>
        <input className="input" id="cards-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="btn btn-secondary btn-sm">
          {t('ops_search')}
        </button>
      </form>
      <p className="console-status is-failed" role="status">
        {message}
      </p>
      <LoadState loaded={loaded} />
      {loaded.data && loaded.data.data.length === 0 && <p className="console-muted">{t('ops_none')}</p>}
      {loaded.data && loaded.data.data.length > 0 && (
        <div className="table-wrap">
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">{t('ops_card_code')}</th>
                <th scope="col">{t('ops_card_email')}</th>
                <th scope="col">{t('ops_card_kind')}</th>
                <th scope="col" className="num">{t('ops_card_amount')}</th>
                <th scope="col">{t('ops_card_expires')}</th>
                <th scope="col">{t('ops_card_status')}</th>
                <th scope="col">{t('ops_actions')}</th>
              </tr>
            </thead>
            <tbody>
              {loaded.data.data.map((c) => (
                <tr key={c.payment_card_id}>
                  <td data-label={t('ops_card_code')}>
                    <code>{c.card_code}</code>
                    {open === c.payment_card_id && <Spends id={c.payment_card_id} />}
                  </td>
                  <td data-label={t('ops_card_email')} className="console-break">{c.email ?? '—'}</td>
                  <td data-label={t('ops_card_kind')}>{t(KINDS.find(([k]) => k === c.kind)?.[1] ?? 'ops_card_kind_cash')}</td>
                  <td data-label={t('ops_card_amount')} className="num">
                    {c.amount} {c.currency}
                  </td>
                  <td data-label={t('ops_card_expires')}>
                    {c.expires_at ? <time dateTime={c.expires_at}>{day.format(new Date(c.expires_at))}</time> : t('admin_codes_never')}
                  </td>
                  <td data-label={t('ops_card_status')}>{t(`ops_card_status_${c.status}`) || t(`bk_status_${c.status}`) || c.status}</td>
                  <td>
                    <div className="console-actions">
                      <button type="button" className="btn btn-sm btn-secondary" aria-expanded={open === c.payment_card_id} onClick={() => setOpen(open === c.payment_card_id ? null : c.payment_card_id)}>
                        {t('ops_card_spends')}
                      </button>
                      {c.status === 'ACTIVE' && (
                        <button type="button" className="btn btn-sm btn-danger" aria-label={`${t('ops_card_void')} ${c.card_code}`} onClick={() => void voidOne(c.payment_card_id)}>
                          {t('ops_card_void')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} count={loaded.data?.count ?? 0} perPage={loaded.data?.per_page ?? 20} onPage={setPage} />
    </section>
  );
}

function Cards() {
  const [version, setVersion] = useState(0);
  const changed = async () => setVersion((n) => n + 1);
  return (
    <>
      <IssueForm onIssued={changed} />
      <ImportForm onImported={changed} />
      <CardList version={version} />
    </>
  );
}

export default function CardsPage() {
  return (
    <ConsoleGate section="admin">
      <Cards />
    </ConsoleGate>
  );
}
