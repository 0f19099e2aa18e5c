// The console's reviews: every review travellers wrote, hidden ones too, newest first; an admin hides one (or shows it
// again) with a reason, which the audit log keeps (docs/contract.md#after-booking).
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { ReviewModerationSchema, type AdminReview } from '../../shared/contract/reviews';
import { loadConsoleReviews, moderateReview } from '../../stores/reviews';
import { $language, useT } from '../../stores/locale';
import Dialog from '../ui/Dialog';
import ConsoleGate from './ConsoleGate';
import LoadState, { useConsoleLoad } from './LoadState';
import Pager from './Pager';

export default function ReviewsPage() {
  return (
    <ConsoleGate section="admin">
      <Reviews />
    </ConsoleGate>
  );
}

function Reviews() {
  const t = useT();
  const language = useStore($language);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [asked, setAsked] = useState<AdminReview | null>(null);
  const reviews = useConsoleLoad(() => loadConsoleReviews(page), `${page}-${version}`);
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  if (!reviews.data) return <LoadState loaded={reviews} />;
  const { data, count, per_page } = reviews.data;
  return (
    <>
      <p className="console-muted">{count ? t('admin_reviews_count', { n: count }) : t('admin_reviews_none')}</p>
      {count ? (
        <div className="table-wrap">
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">{t('admin_reviews_product')}</th>
                <th scope="col">{t('admin_reviews_review')}</th>
                <th scope="col">{t('admin_reviews_by')}</th>
                <th scope="col">{t('admin_reviews_state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((r) => (
                <tr key={r.review_id} data-testid="console-review" data-hidden={r.hidden ? 'true' : 'false'}>
                  <td data-label={t('admin_reviews_product')} className="console-break">
                    <div>
                      {r.product_name}
                      <br />
                      <span className="console-muted">{r.booking_id}</span>
                    </div>
                  </td>
                  <td data-label={t('admin_reviews_review')} className="console-break">
                    <div>
                      <strong>{r.score}/10</strong>{' '}
                      {/* The traveller's own words, in the language they wrote them in (WCAG 3.1.2). */}
                      <span lang={r.language}>
                        {r.title}
                        <br />
                        {r.text}
                      </span>
                    </div>
                  </td>
                  <td data-label={t('admin_reviews_by')} className="console-break">
                    <div>
                      {[r.first_name, r.country].filter(Boolean).join(', ')}
                      <br />
                      <time className="console-muted" dateTime={r.created_at}>
                        {when.format(new Date(r.created_at))}
                      </time>
                    </div>
                  </td>
                  <td data-label={t('admin_reviews_state')}>
                    <div>
                      <p>{r.hidden ? <HiddenBecause reason={r.hidden_reason} /> : t('admin_reviews_visible')}</p>
                      <button type="button" className="btn btn-sm" onClick={() => setAsked(r)} aria-label={`${t('labelled', { label: r.hidden ? t('admin_reviews_unhide') : t('admin_reviews_hide') })} ${r.product_name}, ${r.first_name}`}>
                        {r.hidden ? t('admin_reviews_unhide') : t('admin_reviews_hide')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={page} count={count} perPage={per_page} onPage={setPage} />
      {asked ? (
        <ModerateDialog
          review={asked}
          onClose={() => setAsked(null)}
          onDone={() => {
            setAsked(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </>
  );
}

/** "Hidden: …" with the reason as the admin typed it (verbatim, kept out of translation). */
function HiddenBecause({ reason }: { reason: string }) {
  const t = useT();
  const [before = '', after = ''] = t('admin_reviews_hidden', { reason: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span translate="no">{reason}</span>
      {after}
    </>
  );
}

function ModerateDialog({ review, onClose, onDone }: { review: AdminReview; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const hide = !review.hidden;
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ReviewModerationSchema.safeParse({ hidden: hide, reason });
    if (!parsed.success) {
      setError(t('admin_reviews_reason_err'));
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await moderateReview(review.review_id, parsed.data);
      onDone();
    } catch {
      setSaving(false);
      setError(t('admin_reviews_failed'));
    }
  };
  return (
    <Dialog title={hide ? t('admin_reviews_hide_title') : t('admin_reviews_unhide_title')} subtitle={`${review.product_name} · ${review.score}/10 ${review.title}`} onClose={onClose} closeLabel={t('admin_reviews_cancel')} closeOnEscape>
      <form className="stack" onSubmit={send} noValidate data-testid="moderate-review">
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('admin_reviews_reason')}</label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={3}
            maxLength={300}
            value={reason}
            required
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
          />
          {error ? (
            <p id={`${id}-err`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="dialog-footer cluster">
          <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined}>
            {hide ? t('admin_reviews_hide') : t('admin_reviews_unhide')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('admin_reviews_cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
