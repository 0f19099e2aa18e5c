// The review of a stay booked here (docs/contract.md#after-booking), opened from the mailed link (?booking=…&token=…) or
// signed in as the booking's owner: a score from 1 to 10, a title, the text (at most 2,000 characters) and the four
// categories, in the traveller's language. The API decides who may review and that a booking has one review at most.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiFailure } from '../../shared/contract/api-client';
import { REVIEW_CATEGORIES, REVIEW_TEXT_MAX, REVIEW_TITLE_MAX, ReviewCreateSchema, type ReviewCategory } from '../../shared/contract/reviews';
import { submitReview } from '../../stores/reviews';
import { runStartup } from '../../stores/startup';
import { useT } from '../../stores/locale';

const SCORES = Array.from({ length: 10 }, (_, i) => i + 1);

type Outcome = { kind: 'done'; productId: number } | { kind: 'refused'; key: string } | null;

export default function ReviewForm() {
  const t = useT();
  const id = useId();
  const [link, setLink] = useState<{ booking: string; token?: string } | null>(null);
  const [score, setScore] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [categories, setCategories] = useState<Partial<Record<ReviewCategory, number>>>({});
  const [errors, setErrors] = useState<{ score?: string; text?: string }>({});
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const status = useRef<HTMLDivElement>(null);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const booking = q.get('booking')?.trim();
    setLink(booking ? { booking, token: q.get('token')?.trim() || undefined } : { booking: '' });
  }, []);
  useEffect(() => {
    if (outcome) status.current?.focus();
  }, [outcome]);

  if (!link) return <div className="skeleton bk-skel-hero" aria-hidden="true" />;
  if (!link.booking)
    return (
      <div className="panel bk-empty" role="alert">
        <p>{t('rv_missing')}</p>
      </div>
    );
  if (outcome)
    return (
      <div className={`panel ${outcome.kind === 'done' ? 'alert alert-success' : 'bk-empty'}`} role="status" tabIndex={-1} ref={status} data-testid="review-outcome">
        {outcome.kind === 'done' ? (
          <>
            <p>{t('rv_done_generic')}</p>
            <a className="btn btn-primary" href={`/hotel-details?id=${outcome.productId}#reviews`} data-testid="review-see">
              {t('rv_see')}
            </a>
          </>
        ) : (
          <p>{t(outcome.key)}</p>
        )}
      </div>
    );

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const body = { booking_id: link.booking, token: link.token, score: score ?? 0, title: title.trim() || undefined, text, categories };
    const parsed = ReviewCreateSchema.safeParse(body);
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      const next = { score: paths.has('score') ? t('rv_score_err') : undefined, text: paths.has('text') ? t('rv_text_err') : undefined };
      setErrors(next);
      document.getElementById(next.score ? `${id}-score-1` : `${id}-text`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    setFailed(false);
    try {
      const created = await submitReview(parsed.data);
      setOutcome({ kind: 'done', productId: created.product_id });
    } catch (err) {
      setSending(false);
      const status = err instanceof ApiFailure ? err.status : 0;
      if (status === 409) setOutcome({ kind: 'refused', key: 'rv_already' });
      else if (status === 403) setOutcome({ kind: 'refused', key: /checked out/.test(err instanceof Error ? err.message : '') ? 'rv_not_yet' : 'rv_forbidden' });
      else setFailed(true);
    }
  };

  const choose = (n: number) => {
    setScore(n);
    setErrors((e) => ({ ...e, score: undefined }));
  };
  const left = REVIEW_TEXT_MAX - text.length;
  return (
    <form className="panel stack bk-review-form" onSubmit={send} noValidate aria-label={t('rv_page_title')} data-testid="review-form">
      <p className="muted">{t('rv_intro')}</p>
      <fieldset className="bk-review-scores" aria-describedby={errors.score ? `${id}-score-err` : undefined}>
        <legend>
          {t('rv_score')} <span aria-hidden="true">*</span>
        </legend>
        <div className="bk-review-scale">
          {SCORES.map((n) => (
            <label key={n} className={`bk-review-score${score === n ? ' is-selected' : ''}`}>
              <input id={`${id}-score-${n}`} type="radio" name={`${id}-score`} value={n} checked={score === n} onChange={() => choose(n)} required />
              <span>{n}</span>
            </label>
          ))}
        </div>
        {errors.score ? (
          <p id={`${id}-score-err`} className="field-error">
            {errors.score}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-heading`}>{t('rv_title_field')}</label>
        <input id={`${id}-heading`} className="input" value={title} maxLength={REVIEW_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>
          {t('rv_text')} <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={`${id}-text`}
          className="input"
          rows={6}
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          required
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${id}-left${errors.text ? ` ${id}-text-err` : ''}`}
          onChange={(e) => setText(e.target.value)}
        />
        <span id={`${id}-left`} className="field-hint">
          {t('rv_text_left', { n: left })}
        </span>
        {errors.text ? (
          <p id={`${id}-text-err`} className="field-error">
            {errors.text}
          </p>
        ) : null}
      </div>
      <fieldset className="bk-review-categories">
        <legend>{t('rv_categories')}</legend>
        <div className="bk-review-grid">
          {REVIEW_CATEGORIES.map((k) => (
            <div className="field" key={k}>
              <label htmlFor={`${id}-${k}`}>{t(`bk_review_cat_${k}`)}</label>
              <select
                id={`${id}-${k}`}
                className="input"
                value={categories[k] ?? ''}
                onChange={(e) => setCategories((c) => ({ ...c, [k]: e.target.value ? Number(e.target.value) : undefined }))}
              >
                <option value="">{t('rv_not_rated')}</option>
                {SCORES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </fieldset>
      {failed ? (
        <p className="field-error" role="alert">
          {t('rv_failed')}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('rv_sending') : t('rv_submit')}
        </button>
      </div>
    </form>
  );
}
