// /admin/suppliers: the org's bookings of the bed bank whose status differs between the two sides (decisions 0070 and
// 0079). On opening, those the hourly check found (GET …/mismatches, each read again at the supplier); on asking, those
// made on chosen days (GET …/reconcile). Each row says what this site holds and what the supplier holds; one the
// supplier did not answer about now is said so, never counted as agreeing (decision 0080).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { SupplierMismatch } from '../../shared/contract/supplier-bookings';
import type { Supplier } from '../../shared/contract/suppliers';
import { formatDay } from '../../shared/rules/format-day';
import { reconcileSupplier, supplierMismatches } from '../../stores/suppliers';
import { $language, useT } from '../../stores/locale';
import Field, { fieldA11y } from '../account/Field';
import { issuesByField } from '../account/signup-logic';
import { consoleMessage, keyedFieldText } from './useConsoleForm';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The days asked first: the bookings made in the last 30 days. */
const FIRST_DAYS = 30;

type T = ReturnType<typeof useT>;

/** A booking status in the page's language (an unknown one as it is). */
const statusText = (t: T, status: string) => t(`bk_status_${status}`) || status;

/** What this site holds: paid but never booked there reads as such, else the booking's status. */
const ours = (t: T, m: SupplierMismatch) => (m.status === 'CONFIRMED' && m.supplier_state !== 'confirmed' ? t('sup_rec_not_booked_there') : statusText(t, m.status));

/** What the supplier holds: its status, or that it holds none; unchecked, that it did not answer (and what it last said). */
function theirs(t: T, m: SupplierMismatch) {
  if (m.unchecked) return m.supplier_status === null ? t('sup_rec_unchecked') : t('sup_rec_last_found', { status: statusText(t, m.supplier_status) });
  return m.supplier_status === null ? t('sup_rec_none_there') : statusText(t, m.supplier_status);
}

/** How many differ, as compared now. */
const differing = (found: readonly SupplierMismatch[]) => found.filter((m) => !m.unchecked).length;

/** A line of its own for the bookings the supplier did not answer about (none: nothing). */
function Unchecked({ found, testId }: { found: readonly SupplierMismatch[]; testId: string }) {
  const t = useT();
  const count = found.length - differing(found);
  if (!count) return null;
  return (
    <p className="console-status is-failed" role="status" data-testid={testId}>
      {t('sup_rec_unchecked_count', { count })}
    </p>
  );
}

/** The bookings that differ, one row each. */
function Mismatches({ found, testId }: { found: SupplierMismatch[]; testId: string }) {
  const t = useT();
  const language = useStore($language);
  return (
    <div className="table-wrap" data-testid={testId}>
      <table className="table table-stack">
        <thead>
          <tr>
            <th scope="col">{t('ops_bookings_ref')}</th>
            <th scope="col">{t('sup_rec_check_in')}</th>
            <th scope="col">{t('sup_rec_here')}</th>
            <th scope="col">{t('sup_rec_there')}</th>
          </tr>
        </thead>
        <tbody>
          {found.map((m) => (
            <tr key={m.booking_id} data-testid="supplier-mismatch" data-ref={m.booking_id} data-unchecked={m.unchecked || undefined}>
              <td data-label={t('ops_bookings_ref')}>
                <a href={`/admin/bookings?ref=${encodeURIComponent(m.booking_id)}`} aria-label={t('sup_rec_open', { ref: m.booking_id })}>
                  <code>{m.booking_id}</code>
                </a>
                {m.supplier_reference ? <><br /><span className="console-muted">{t('bk_supplier_reference', { reference: m.supplier_reference })}</span></> : null}
              </td>
              <td data-label={t('sup_rec_check_in')}>{formatDay(language, m.check_in)}</td>
              <td data-label={t('sup_rec_here')} data-testid="mismatch-here">{ours(t, m)}</td>
              <td data-label={t('sup_rec_there')} data-testid="mismatch-there">{theirs(t, m)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the hourly check found, read again as the page opens; said plainly when it found nothing, or could not be read. */
function FoundHourly({ supplier }: { supplier: Supplier }) {
  const t = useT();
  const [found, setFound] = useState<SupplierMismatch[] | { failed: unknown } | null>(null);
  useEffect(() => {
    let gone = false;
    supplierMismatches(supplier)
      .then((rows) => !gone && setFound(rows))
      .catch((err: unknown) => !gone && setFound({ failed: err }));
    return () => {
      gone = true;
    };
  }, [supplier]);
  if (!found) return null;
  if (!Array.isArray(found)) {
    return (
      <p className="console-status is-failed" role="status" data-testid="supplier-hourly-message">
        {t('sup_rec_hourly_failed', { reason: consoleMessage(t, found.failed) })}
      </p>
    );
  }
  const count = differing(found);
  return (
    <>
      {(count > 0 || found.length === 0) && (
        <p className="console-status" role="status" data-testid="supplier-hourly-message">
          {count ? t('sup_rec_hourly_found', { count }) : t('sup_rec_hourly_none')}
        </p>
      )}
      <Unchecked found={found} testId="supplier-hourly-unchecked" />
      {found.length > 0 && <Mismatches found={found} testId="supplier-hourly" />}
    </>
  );
}

/** The status line after comparing: how many differ; that both sides agree only when every booking was compared. */
function comparedText(t: T, found: readonly SupplierMismatch[]) {
  const count = differing(found);
  return count ? t('sup_rec_found', { count }) : found.length === 0 ? t('sup_rec_agree') : '';
}

export default function SupplierReconcile({ supplier, connected }: { supplier: Supplier; connected: boolean }) {
  const t = useT();
  const id = (name: string) => `sup-${supplier}-rec-${name}`;
  const [from, setFrom] = useState(() => isoDay(Date.now() - FIRST_DAYS * DAY_MS));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [found, setFound] = useState<SupplierMismatch[] | null>(null);
  const [failed, setFailed] = useState('');
  const [busy, setBusy] = useState(false);

  async function check() {
    setBusy(true);
    setErrors({});
    setFailed('');
    try {
      setFound(await reconcileSupplier(supplier, from, to));
    } catch (err) {
      setFound(null);
      setErrors(issuesByField(err, (m) => keyedFieldText(t, m)));
      setFailed(consoleMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="console-form console-group" aria-labelledby={id('heading')} data-testid="supplier-reconcile">
      <h3 id={id('heading')}>{t('sup_rec_title')}</h3>
      {connected && <FoundHourly supplier={supplier} />}
      <p className="field-hint">{connected ? t('sup_rec_hint') : t('sup_rec_connect_first')}</p>
      <form
        className="console-form"
        noValidate
        aria-labelledby={id('heading')}
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <div className="console-grid">
          <Field id={id('from')} label={t('sup_rec_from')} error={errors.from}>
            <input className="input" type="date" {...fieldA11y(id('from'), errors.from, true)} value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field id={id('to')} label={t('sup_rec_to')} error={errors.to}>
            <input className="input" type="date" {...fieldA11y(id('to'), errors.to, true)} value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
        </div>
        <div className="console-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !connected}>
            {t('sup_rec_check')}
          </button>
        </div>
      </form>
      <p className={`console-status${failed ? ' is-failed' : ''}`} role="status" data-testid="supplier-reconcile-message">
        {busy ? t('sup_rec_checking') : failed || (found ? comparedText(t, found) : '')}
      </p>
      {found && !busy && <Unchecked found={found} testId="supplier-reconcile-unchecked" />}
      {found && found.length > 0 && <Mismatches found={found} testId="supplier-compared" />}
    </section>
  );
}
