// Checkout (/hotel-checkout): the trip, the traveller's details, the wallet with a live preview from the server, the
// certificate modal when the gate says so, and the booking itself (idempotent: a retry never books twice).
import CardPhoto from '../ui/CardPhoto';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import CancellationPolicy from './CancellationPolicy';
import CertificateModal from '../loyalty/CertificateModal';
import Money from '../ui/Money';
import Wallet from '../loyalty/Wallet';
import { ApiFailure } from '../../shared/contract/api-client';
import { unavailableText } from './unavailable';
import LoadFailed, { useRetry } from '../ui/LoadFailed';
import { loadTravelers, type SavedTraveler } from '../../stores/account';
import { cancelBooking, checkout, loadBooking, loadProduct, loadReservations, previewBooking, resumePayment } from '../../stores/booking';
import { TITLES } from '../../shared/contract/auth-text';
import { titleLabel } from '../../shared/i18n/person-title';
import type { Traveler } from '../../shared/contract/booking';

/** The traveller is checked with the API's schema, whose code (and zod's) comes when a person first books (docs/decisions/0039-page-weight-by-interaction.md). */
const travelerSchema = () => import('../../shared/contract/booking').then((m) => m.TravelerSchema);
import { cardValueMinor, discountFactor, type WalletCard } from '../../shared/rules/wallet';
import { formatMoney, toMinor } from '../../shared/rules/money';
import type { PreviewReply as Preview, ProductDetail } from '../../shared/contract/booking-replies';
import { openDialog } from '../../stores/dialogs';
import { $currency, $language, useT } from '../../stores/locale';
import { $profile, $signedIn, $user, expectsSession } from '../../stores/session';
import { $org, clearPackageFlag, packageFlag, runStartup } from '../../stores/startup';
import { criteriaFromQuery, defaultCriteria, detailsUrl, LAST_BOOKING_KEY, productIdOf, type Criteria } from '../../stores/search';
import {
  $selection, $useCash, $wallet, $walletLoaded, applyProduct, chooseCertificate, chooseDiscountCard, gateFor, loadWallet, resetWalletSelection,
  selectedCardIds, setUseCash,
} from '../../stores/wallet';
import { formatDay } from '../../shared/rules/format-day';

/** What the traveller chose before going to the payment page, kept for this tab so a cancelled payment comes back to it. */
const PENDING_CHECKOUT_KEY = 'tc.pendingCheckout';
interface PendingCheckout {
  product_id: number;
  traveler: Traveler;
  cards: { certificate_id?: number; discount_card_id?: number; cash_card_id?: number };
}

function pendingCheckout(productId: number): PendingCheckout | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PENDING_CHECKOUT_KEY) ?? 'null') as PendingCheckout | null;
    return stored && stored.product_id === productId ? stored : null;
  } catch {
    return null;
  }
}


/** An unpaid booking as the checkout offers it: what it is, what is left to pay and until when. */
interface UnpaidBooking {
  booking_id: string;
  product_name: string;
  total: number;
  currency: string;
  expires_at: string;
}
const unpaidOf = (b: Omit<UnpaidBooking, 'expires_at'> & { expires_at?: string }): UnpaidBooking => ({
  booking_id: b.booking_id, product_name: b.product_name, total: b.total, currency: b.currency, expires_at: b.expires_at ?? '',
});
/** Still open: waiting for its payment, before its session runs out. */
const stillOpen = (b: { status: string; expires_at?: string }) => b.status === 'PENDING_PAYMENT' && !!b.expires_at && Date.parse(b.expires_at) > Date.now();

const EMPTY: Traveler = { title: 'Mr', first_name: '', last_name: '', email: '', phone: '' };

/**
 * What the server said of the rate chosen on the product page (docs/contract.md#rooms-rates-and-availability): its
 * price moved (the new total, and the rate_id naming it, to accept), its room is gone, or its rate_id has expired.
 */
type RateIssue = { kind: 'changed'; total: number; currency: string; rateId: string; atCheckout: boolean } | { kind: 'sold_out' } | { kind: 'expired' };

function rateIssueOf(err: unknown, atCheckout: boolean): RateIssue | null {
  if (!(err instanceof ApiFailure)) return null;
  const e = err.body?.error;
  if (err.status === 409 && e?.code === 'PRICE_CHANGED' && e.data && typeof e.data.rate_id === 'string') {
    return { kind: 'changed', total: Number(e.data.total), currency: String(e.data.currency), rateId: e.data.rate_id, atCheckout };
  }
  if (err.status === 409 && e?.code === 'SOLD_OUT') return { kind: 'sold_out' };
  if (err.status === 400 && e?.issues?.some((i) => i.path === 'rate_id')) return { kind: 'expired' };
  return null;
}

interface AccountHolder {
  title?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone_country_code?: string | null;
  mobile_no?: string | null;
}

/**
 * The fields still empty in `prev`, filled from the account (the login result, then the profile once it is loaded);
 * the title is the member's own until the person chose one (`chosen`): the login result has no title, so a form
 * already holding the login result's last name still takes the profile's title when it comes.
 */
function travelerFromAccount(
  prev: Traveler,
  user: { email: string; last_name?: string | null },
  basic: AccountHolder | undefined,
  chosen = false,
): Partial<Traveler> {
  const phone = basic?.mobile_no ? `${basic.phone_country_code ?? ''} ${basic.mobile_no}`.trim() : '';
  const title = (TITLES as readonly string[]).includes(basic?.title ?? '') ? (basic!.title as Traveler['title']) : null;
  return {
    ...(title && !chosen ? { title } : {}),
    first_name: prev.first_name || basic?.first_name || '',
    last_name: prev.last_name || basic?.last_name || user.last_name || '',
    email: prev.email || basic?.email || user.email,
    phone: prev.phone || phone,
  };
}

/** May this visitor book here? Signed in with can_user_book (assumed until the profile says otherwise), or a guest where the org allows it. */
function canBookNow(signedIn: boolean | null, profile: Record<string, unknown> | null, allowGuest: boolean): boolean {
  if (allowGuest) return true;
  if (signedIn !== true) return false;
  const basic = (profile?.basicprofile as { can_user_book?: number }[] | undefined)?.[0];
  return basic?.can_user_book !== 0;
}

export default function Checkout() {
  const t = useT();
  const id = useId();
  const org = useStore($org);
  const currency = useStore($currency);
  const language = useStore($language);
  const signedIn = useStore($signedIn);
  const user = useStore($user);
  const profile = useStore($profile);
  const wallet = useStore($wallet);
  const walletLoaded = useStore($walletLoaded);
  const selection = useStore($selection);
  const useCash = useStore($useCash);
  const [expectingSession] = useState(expectsSession);

  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [c, setC] = useState<Criteria | null>(null);
  const [missing, setMissing] = useState(false);
  const load = useRetry();
  const [traveler, setTraveler] = useState<Traveler>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Traveler, string>>>({});
  const [saved, setSaved] = useState<SavedTraveler[]>([]);
  // The saved travellers' read: failed, it is said beside the details (which the traveller may still type), with a retry.
  const savedLoad = useRetry();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewBusy, setPreviewBusy] = useState(false);
  // The summary and the button's total are first shown with a price that counts the wallet's choice, so the price a
  // person first reads is the one they will pay, and the summary never gains a line under their eyes.
  const [priceSettled, setPriceSettled] = useState(false);
  // A refused booking's (or a 409's) message stays until the person acts again (submits or changes something), even
  // though the wallet reload it triggers refreshes the price; a failed price check clears once a later one works.
  const [problem, setProblemState] = useState<{ text: string; sticky: boolean }>({ text: '', sticky: false });
  const setProblem = (text: string, sticky = false) => setProblemState({ text, sticky });
  const [submitting, setSubmitting] = useState(false);
  // The rate chosen on the product page (`rate_id` in the address) and the party (`occupancy`, one per room), and what
  // the server said of that rate when it could not be booked as shown.
  const [rateId, setRateId] = useState<string | null>(null);
  const [party, setParty] = useState<string[]>([]);
  const [rateIssue, setRateIssue] = useState<RateIssue | null>(null);
  const [gateCard, setGateCard] = useState<WalletCard | null>(null);
  const lastAttempt = useRef<{ body: string; key: string } | null>(null);
  // The person changed the traveller themselves (typed, chose a title or a saved traveller): the account fills no more titles.
  const travelerChosen = useRef(false);
  const errorBox = useRef<HTMLDivElement>(null);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    resetWalletSelection();
    const query = new URLSearchParams(location.search);
    setRateId(query.get('rate_id') || null);
    setParty(query.getAll('occupancy'));
    const pid = productIdOf(location.search);
    if (pid === null) return setMissing(true);
    loadProduct(pid, currency)
      .then(setProduct)
      .catch((err: unknown) => !load.failedOn(err) && setMissing(true));
  }, [currency, load.attempt]);
  useEffect(() => {
    if (!product) return;
    const base = defaultCriteria(product.type, org?.orgBySite.minCheckinDays ?? 1);
    setC({ ...criteriaFromQuery(location.search, base), type: product.type });
    applyProduct(product.type);
  }, [product, org]);
  useEffect(() => {
    if (signedIn !== true) return;
    void loadWallet(currency);
  }, [signedIn, currency]);
  useEffect(() => {
    if (signedIn !== true) return;
    loadTravelers()
      .then(setSaved)
      .catch((err: unknown) => !savedLoad.failedOn(err) && setSaved([]));
  }, [signedIn, savedLoad.attempt]);
  // An unpaid booking holding the wallet (docs/contract.md#unpaid-bookings): back from the hosted page without paying
  // (`payment=cancelled&booking=…`), or any of the member's bookings still waiting for its payment with wallet parts
  // held. The page offers to complete its payment or to start again (which cancels it and gives its holds back); the
  // traveller's details come back as they were, and their wallet choices once the holds are given back.
  const [cancelledPayment, setCancelledPayment] = useState<'cancelled' | 'started_again' | null>(null);
  const [unpaid, setUnpaid] = useState<UnpaidBooking | null>(null);
  const [unpaidBusy, setUnpaidBusy] = useState(false);
  const [unpaidProblem, setUnpaidProblem] = useState('');
  // Whether the member's unpaid bookings were looked at: the wallet waits for it, so the offer never pushes it down.
  const [unpaidChecked, setUnpaidChecked] = useState(false);
  async function restoreChoices() {
    const kept = product ? pendingCheckout(product.product_id) : null;
    if ($signedIn.get() !== true) return;
    await loadWallet(currency);
    if (!kept) return;
    if (kept.cards.certificate_id) chooseCertificate(kept.cards.certificate_id);
    if (kept.cards.discount_card_id) chooseDiscountCard(kept.cards.discount_card_id);
    if (kept.cards.cash_card_id) setUseCash(true);
  }
  useEffect(() => {
    if (!product) return;
    const query = new URLSearchParams(location.search);
    if (query.get('payment') !== 'cancelled') return;
    const kept = pendingCheckout(product.product_id);
    if (kept) setTraveler(kept.traveler);
    const ref = query.get('booking');
    void (async () => {
      // The booking read failed: the member's bookings list names it too (else the page would say "pay again" while the
      // booking still waits for its payment, holding the wallet's parts).
      const fromList = () => loadReservations().then((list) => list.find((b) => b.booking_id === ref) ?? null, () => null);
      const back = ref ? await loadBooking(ref).catch(fromList) : null;
      setUnpaidChecked(true);
      if (back && stillOpen(back)) return setUnpaid(unpaidOf(back));
      // Run out while the traveller was away: asking for its payment lets it go now (409), its holds given back.
      if (back?.status === 'PENDING_PAYMENT') await resumePayment(back.booking_id).catch(() => undefined);
      setCancelledPayment('cancelled');
      await restoreChoices();
    })();
  }, [product]);
  useEffect(() => {
    if (!product || signedIn !== true || new URLSearchParams(location.search).get('payment') === 'cancelled') return;
    loadReservations()
      .then((list) => {
        const holding = list.find((b) => stillOpen(b) && b.certificate_amount + b.discount_amount + b.cash_amount > 0);
        if (holding) setUnpaid(unpaidOf(holding));
      })
      .catch(() => undefined)
      .finally(() => setUnpaidChecked(true));
  }, [product, signedIn]);

  async function completeUnpaid() {
    if (!unpaid) return;
    setUnpaidBusy(true);
    setUnpaidProblem('');
    try {
      location.assign((await resumePayment(unpaid.booking_id)).payment_url);
    } catch (err) {
      setUnpaidBusy(false);
      const failure = err instanceof ApiFailure ? err : null;
      if (failure?.status === 409) {
        // Run out (its holds are given back now) or settled meanwhile: nothing to complete here any more.
        setUnpaid(null);
        setProblem(t(failure.body?.error?.code === 'BOOKING_EXPIRED' ? 'bk_booking_expired' : 'bk_nothing_to_pay'), true);
        await restoreChoices();
      } else setUnpaidProblem(t('bk_payment_unavailable'));
    }
  }

  async function startAgain() {
    if (!unpaid) return;
    setUnpaidBusy(true);
    setUnpaidProblem('');
    try {
      await cancelBooking(unpaid.booking_id);
    } catch (err) {
      // A booking that is no longer pending (expired or paid meanwhile) has nothing to give back: the page goes on.
      if (!(err instanceof ApiFailure && err.status === 409)) {
        setUnpaidBusy(false);
        return setUnpaidProblem(t('bk_cancel_unavailable'));
      }
    }
    setUnpaidBusy(false);
    setUnpaid(null);
    setCancelledPayment('started_again');
    await restoreChoices();
  }
  // Every traveller field the account holds fills in what the person has not typed yet.
  useEffect(() => {
    if (!user) return;
    const basic = (profile?.basicprofile as AccountHolder[] | undefined)?.[0];
    setTraveler((prev) => ({ ...prev, ...travelerFromAccount(prev, user, basic, travelerChosen.current) }));
  }, [user, profile]);

  const cardIds = useMemo(() => (walletLoaded ? selectedCardIds() : {}), [walletLoaded, selection, useCash, wallet]);
  const trip = useMemo(() => {
    if (!product || !c) return null;
    const nightly = product.price_unit === 'night';
    // A rate chosen names its stay and party itself; without one, the rooms of the address (else its guests) are priced.
    if (rateId && nightly) return { rate_id: rateId, product_id: product.product_id, currency };
    const who = nightly && party.length ? { occupancy: party } : { guests: c.guests };
    return { product_id: product.product_id, check_in: c.checkIn, check_out: nightly ? c.checkOut : null, ...who, currency };
  }, [product, c, currency, rateId, party]);
  const tripBody = useMemo(() => (trip ? { ...trip, ...cardIds } : null), [trip, cardIds]);
  // Signed in (or expected to be, decision 0052), the wallet, the terms and the button wait for the wallet and come
  // together in the place its loading line holds; a price asked before the wallet's choice is not shown.
  const walletPending = (signedIn === null && expectingSession) || (signedIn === true && ((!wallet && !walletLoaded) || !unpaidChecked));
  // Until the login check answers, a device that has not signed in here is shown the signed-out page: its sign-in note
  // is there from the start rather than pushing the terms and the button down when the check comes back.
  const signedOut = signedIn === false || (signedIn === null && !expectingSession);

  useEffect(() => {
    if (!tripBody) return;
    const ctrl = new AbortController();
    setPreviewBusy(true);
    // Signed out, there is no wallet to wait for; signed in, the cards chosen are in the body once it has loaded.
    const settled = signedIn === true ? walletLoaded : signedOut;
    previewBooking(tripBody, ctrl.signal)
      .then((data) => {
        setPreview(data);
        setRateIssue(null);
        if (settled) setPriceSettled(true);
        setProblemState((p) => (p.sticky ? p : { text: '', sticky: false }));
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        const issue = rateIssueOf(err, false);
        if (issue) {
          setPreview(null);
          setRateIssue(issue);
          return;
        }
        const conflict = err instanceof ApiFailure && err.status === 409;
        setProblem(err instanceof ApiFailure && err.status < 500 ? err.message : err instanceof ApiFailure && err.status === 503 ? unavailableText(t, err) : t('bk_quote_failed'), conflict);
        if (conflict) void loadWallet(currency);
      })
      .finally(() => !ctrl.signal.aborted && setPreviewBusy(false));
    return () => ctrl.abort();
  }, [tripBody, currency, t]);

  if (load.failed) return <LoadFailed onRetry={load.retry} />;
  if (missing)
    return (
      <div className="panel bk-empty" role="alert">
        <p>{t('bk_product_missing')}</p>
        <a className="btn" href="/">
          {t('bk_back_to_search')}
        </a>
      </div>
    );
  if (!product || !c) return <div className="skeleton bk-skel-hero" aria-hidden="true" />;

  const allowed = canBookNow(signedIn, profile, org?.allowGuestBooking === 1);
  const allowedSignedOut = canBookNow(false, null, org?.allowGuestBooking === 1);
  const priceFinal = signedOut || priceSettled;
  const dateFmt = (d: string) => formatDay(language, d);

  function setField<K extends keyof Traveler>(k: K, v: Traveler[K]) {
    travelerChosen.current = true;
    setTraveler((prev) => ({ ...prev, [k]: v }));
    setFieldErrors((prev) => ({ ...prev, [k]: undefined }));
  }

  function fillFromSaved(travelerId: string) {
    const s = saved.find((x) => String(x.id) === travelerId);
    if (s) {
      travelerChosen.current = true;
      setTraveler({ title: s.title, first_name: s.first_name, last_name: s.last_name, email: s.email, phone: s.phone });
      setFieldErrors({});
    }
  }

  /** The traveller takes the new price: the new rate_id is the one booked (and kept in the address); at checkout, booked now. */
  function acceptNewPrice(issue: Extract<RateIssue, { kind: 'changed' }>) {
    setRateId(issue.rateId);
    setRateIssue(null);
    const query = new URLSearchParams(location.search);
    query.set('rate_id', issue.rateId);
    history.replaceState(history.state, '', `${location.pathname}?${query.toString()}`);
    if (issue.atCheckout) void book(issue.rateId);
  }

  async function book(acceptedRateId?: string) {
    setProblem('');
    if (!allowed) {
      if (signedIn !== true) openDialog('signin');
      else setProblem(t('bk_cannot_book'), true);
      return;
    }
    const parsed = (await travelerSchema()).safeParse(traveler);
    if (!parsed.success) {
      const errs: Partial<Record<keyof Traveler, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Traveler;
        errs[k] ??= t(`bk_err_${k}${String(traveler[k]).trim() === '' ? '_required' : ''}`) || issue.message;
      }
      setFieldErrors(errs);
      document.getElementById(`${id}-${Object.keys(errs)[0]}`)?.focus();
      return;
    }
    // The gate blocks booking until a certificate is chosen: the modal asks, and booking from it asks the gate again.
    const gate = gateFor(product!.type);
    if (!gate.proceed) {
      setGateCard(gate.defaultCertificate);
      return;
    }
    const body = { ...trip!, ...(acceptedRateId ? { rate_id: acceptedRateId } : {}), ...selectedCardIds(), traveler: parsed.data, ...(packageFlag() ? { is_package: true } : {}) };
    const text = JSON.stringify(body);
    const key = lastAttempt.current?.body === text ? lastAttempt.current.key : crypto.randomUUID();
    lastAttempt.current = { body: text, key };
    setSubmitting(true);
    try {
      const data = await checkout({ ...body, idempotency_key: key });
      sessionStorage.setItem(
        LAST_BOOKING_KEY,
        JSON.stringify({
          ...preview, ...data, product_name: product!.name, city: product!.city, check_in: preview?.check_in ?? c!.checkIn, check_out: preview?.check_out ?? null,
          guests: preview?.guests ?? c!.guests, total: data.total, currency: data.currency,
        }),
      );
      clearPackageFlag();
      if (data.status === 'PENDING_PAYMENT' && data.payment_url) {
        const kept: PendingCheckout = { product_id: product!.product_id, traveler: parsed.data, cards: selectedCardIds() };
        sessionStorage.setItem(PENDING_CHECKOUT_KEY, JSON.stringify(kept));
        location.assign(data.payment_url);
        return;
      }
      location.assign(`/checkout-success?booking=${encodeURIComponent(data.booking_id)}`);
    } catch (err) {
      setSubmitting(false);
      const issue = rateIssueOf(err, true);
      if (issue) {
        setRateIssue(issue);
        errorBox.current?.focus();
        return;
      }
      const status = err instanceof ApiFailure ? err.status : 0;
      const text = status === 409 ? t('bk_card_conflict') : status === 401 ? t('bk_sign_in_to_book') : status === 502 ? t('bk_payment_unavailable') : status === 503 ? unavailableText(t, err as ApiFailure) : status && status < 500 ? (err as Error).message : t('bk_booking_failed');
      setProblem(text, true);
      if (status === 409) void loadWallet(currency);
      if (status === 401) openDialog('signin');
      errorBox.current?.focus();
    }
  }

  const nightly = product.price_unit === 'night';
  // The stay as the server priced it (a rate chosen names its own), else as the address asks for it.
  const shown = preview ? { checkIn: preview.check_in, checkOut: preview.check_out ?? c.checkOut, guests: preview.guests } : { checkIn: c.checkIn, checkOut: c.checkOut, guests: c.guests };
  const roomsUrl = `${detailsUrl(c, product.product_id)}#rooms`;
  const nightPrices = preview?.nights ?? [];
  const rateText = (rate: NonNullable<Preview['rate']>) =>
    `${rate.name} · ${t(`bk_board_${rate.board}`)} · ${t(rate.refundable ? 'bk_checkout_refundable' : 'bk_rate_non_refundable')}`;
  const oneNightlyPrice = nightPrices.length > 0 && nightPrices.every((n) => n.price === nightPrices[0]!.price) ? nightPrices[0]!.price : null;
  // A discount card takes a share of the price, capped by what it holds: the summary says which share and which cap.
  const discountCard = selection?.kind === 'discount' ? wallet?.userCards.find((x) => x.id === selection.id) : undefined;
  let discountRule = '';
  if (discountCard && preview) {
    try {
      const cap = formatMoney(cardValueMinor(discountCard, preview.currency, wallet?.rates ?? {}), preview.currency, language);
      const percent = new Intl.NumberFormat(language, { style: 'percent' }).format(discountFactor(product.type) - 1);
      discountRule = t('bk_discount_rule', { percent, cap });
    } catch {
      discountRule = '';
    }
  }
  return (
    <div className="bk-checkout" data-testid="checkout">
      <form
        className="bk-checkout__main stack"
        noValidate
        // A change the person makes (a traveller field, a wallet choice) answers a refused booking's message.
        onChange={() => problem.sticky && setProblem('')}
        onSubmit={(e) => {
          e.preventDefault();
          void book();
        }}
      >
        <section className="panel" aria-labelledby={`${id}-trip`}>
          <h2 id={`${id}-trip`}>{t('bk_your_trip')}</h2>
          <div className="bk-trip">
            <CardPhoto src={product.images[0] ?? ''} sizes="160px" width={160} height={100} first />
            <div>
              <p className="bk-trip__name">{product.name}</p>
              <p className="muted small">
                {product.city}, {product.country}
              </p>
              <p className="small">
                {nightly ? `${dateFmt(shown.checkIn)} – ${dateFmt(shown.checkOut)}` : dateFmt(shown.checkIn)} · {t('bk_guests_n', { n: shown.guests })}
                {preview && preview.occupancy.length > 1 ? ` · ${t('bk_rooms_n', { n: preview.occupancy.length })}` : ''}
              </p>
              {preview?.room && preview.rate ? (
                <dl className="bk-chosen small">
                  <div>
                    <dt>{t('bk_checkout_room')}</dt>
                    <dd data-testid="chosen-room" title={preview.room.name}>{preview.room.name}</dd>
                  </div>
                  <div>
                    <dt>{t('bk_checkout_rate')}</dt>
                    <dd data-testid="chosen-rate" title={rateText(preview.rate)}>{rateText(preview.rate)}</dd>
                  </div>
                </dl>
              ) : nightly && !preview && !rateIssue ? (
                // The room and rate's lines hold their place while the stay is priced (decision 0052): nothing under them moves.
                <dl className="bk-chosen small" aria-hidden="true" data-testid="chosen-pending">
                  <div>
                    <dt>{t('bk_checkout_room')}</dt>
                    <dd><span className="skeleton bk-chosen__skel" /></dd>
                  </div>
                  <div>
                    <dt>{t('bk_checkout_rate')}</dt>
                    <dd><span className="skeleton bk-chosen__skel" /></dd>
                  </div>
                </dl>
              ) : null}
              <a className="small" href={nightly ? roomsUrl : detailsUrl(c, product.product_id)}>
                {t('bk_change_trip')}
              </a>
            </div>
          </div>
        </section>

        <section className="panel" aria-labelledby={`${id}-who`}>
          <h2 id={`${id}-who`}>{t('bk_traveler_details')}</h2>
          <p className="small muted" data-testid="required-note">
            <span aria-hidden="true">* </span>
            {t('bk_required_note')}
          </p>
          {savedLoad.failed ? <LoadFailed compact text={t('bk_travelers_failed')} onRetry={savedLoad.retry} /> : null}
          {saved.length > 0 ? (
            <div className="field">
              <label htmlFor={`${id}-saved`}>{t('bk_saved_travelers')}</label>
              <select id={`${id}-saved`} className="select" defaultValue="" onChange={(e) => fillFromSaved(e.target.value)}>
                <option value="">{t('bk_choose_saved')}</option>
                {saved.map((s) => (
                  <option key={s.id} value={s.id}>
                    {titleLabel(t, s.title)} {s.first_name} {s.last_name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="form-row">
            <div className="field bk-title">
              <label htmlFor={`${id}-title`}>{t('bk_title')}</label>
              <select id={`${id}-title`} className="select" value={traveler.title} onChange={(e) => setField('title', e.target.value as Traveler['title'])} aria-invalid={fieldErrors.title ? true : undefined}>
                {TITLES.map((x) => (
                  <option key={x} value={x}>
                    {titleLabel(t, x)}
                  </option>
                ))}
              </select>
            </div>
            <TextField id={`${id}-first_name`} label={t('bk_first_name')} required value={traveler.first_name} error={fieldErrors.first_name} autoComplete="given-name" onChange={(v) => setField('first_name', v)} />
            <TextField id={`${id}-last_name`} label={t('bk_last_name')} required value={traveler.last_name} error={fieldErrors.last_name} autoComplete="family-name" onChange={(v) => setField('last_name', v)} />
          </div>
          <div className="form-row">
            <TextField id={`${id}-email`} label={t('bk_email')} required type="email" value={traveler.email} error={fieldErrors.email} autoComplete="email" maxLength={254} onChange={(v) => setField('email', v)} />
            <TextField id={`${id}-phone`} label={t('bk_phone')} required type="tel" value={traveler.phone} error={fieldErrors.phone} autoComplete="tel" maxLength={24} onChange={(v) => setField('phone', v.replace(/[^\d+\s-]/g, ''))} />
          </div>
        </section>

        {walletPending ? (
          <div className="bk-wallet bk-wallet--loading" role="status" data-testid="wallet-pending">
            <span className="spinner" aria-hidden="true" /> {t('bk_wallet_loading')}
          </div>
        ) : (
          <>
            {unpaid ? (
              <section className="panel alert stack" aria-labelledby={`${id}-unpaid`} data-testid="unpaid-booking">
                <h2 id={`${id}-unpaid`}>{t('bk_unpaid_title')}</h2>
                <p>
                  {t('bk_unpaid_text', {
                    product: unpaid.product_name,
                    amount: formatMoney(toMinor(unpaid.total, unpaid.currency), unpaid.currency, language),
                    time: new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(unpaid.expires_at)),
                  })}
                </p>
                <p className="small">{t('bk_unpaid_choice')}</p>
                {unpaidProblem ? <p className="alert alert-error" role="alert">{unpaidProblem}</p> : null}
                <div className="cluster">
                  <button type="button" className="btn btn-primary" disabled={unpaidBusy} onClick={() => void completeUnpaid()} data-testid="unpaid-complete">
                    {t('bk_complete_payment')}
                  </button>
                  <button type="button" className="btn btn-secondary" disabled={unpaidBusy} onClick={() => void startAgain()} data-testid="unpaid-start-again">
                    {t('bk_start_again')}
                  </button>
                </div>
              </section>
            ) : null}
            {signedIn === true ? <Wallet mode="checkout" /> : null}
            {signedOut && !allowedSignedOut ? (
              <div className="alert" role="note">
                {t('bk_sign_in_to_book')}{' '}
                <button type="button" className="btn btn-link" onClick={() => openDialog('signin')}>
                  {t('bk_sign_in')}
                </button>
              </div>
            ) : null}
            {signedOut && allowedSignedOut ? <p className="muted small">{t('bk_guest_booking')}</p> : null}

            <CancellationPolicy
              productType={product.type}
              checkIn={shown.checkIn}
              timeZone={product.time_zone}
              deadline={preview ? preview.free_cancellation_deadline : undefined}
              percentAfter={preview?.cancellation_fee_percent}
              priceMinor={preview ? toMinor(preview.price, preview.currency) : undefined}
              currency={preview?.currency}
            />
            {cancelledPayment && !problem.text ? (
              <p className="alert" role="status" data-testid="payment-cancelled">
                {t(cancelledPayment === 'started_again' ? 'bk_started_again' : 'bk_payment_cancelled')}
              </p>
            ) : null}
            <div ref={errorBox} tabIndex={-1} aria-live="assertive" className="bk-problem">
              {problem.text && !rateIssue ? (
                <p className="alert alert-error" data-testid="checkout-error">
                  {problem.text}
                </p>
              ) : null}
              {rateIssue?.kind === 'changed' ? (
                <div className="alert alert-error stack" data-testid="price-changed">
                  <p>{t('bk_checkout_price_changed')}</p>
                  <p>
                    {t('bk_checkout_new_total')} <strong><Money amount={rateIssue.total} currency={rateIssue.currency} testId="new-total" /></strong>
                  </p>
                  <div>
                    <button type="button" className="btn btn-primary" disabled={submitting} onClick={() => acceptNewPrice(rateIssue)} data-testid="accept-price">
                      {t('bk_checkout_accept_price')}
                    </button>
                  </div>
                </div>
              ) : null}
              {rateIssue?.kind === 'sold_out' || rateIssue?.kind === 'expired' ? (
                <div className="alert alert-error" data-testid={rateIssue.kind === 'sold_out' ? 'sold-out' : 'rate-expired'}>
                  <p>{t(rateIssue.kind === 'sold_out' ? 'bk_checkout_sold_out' : 'bk_checkout_rate_expired')}</p>
                  <a href={roomsUrl} data-testid="back-to-rooms">
                    {t('bk_checkout_other_rooms')}
                  </a>
                </div>
              ) : null}
            </div>
            <button type="submit" className="btn btn-primary btn-lg" disabled={submitting || rateIssue !== null || (signedIn === true && !walletLoaded)} data-testid="book">
              {submitting ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
              <span>{t('bk_confirm_and_pay')}</span>
              {preview && priceFinal ? (
                <span className="bk-nowrap">
                  · <Money amount={preview.total} currency={preview.currency} />
                </span>
              ) : null}
            </button>
          </>
        )}
      </form>

      <aside className="panel bk-summary" aria-labelledby={`${id}-sum`} aria-busy={previewBusy || !priceFinal}>
        <h2 id={`${id}-sum`}>{t('bk_price_summary')}</h2>
        {preview && priceFinal ? (
          <dl className="bk-amounts" data-testid="summary">
            <div>
              {nightly ? (
                <dt>
                  {t('bk_nights_n', { n: nightPrices.length })}
                  {oneNightlyPrice !== null ? (
                    <>
                      {' '}× <Money amount={oneNightlyPrice} currency={preview.currency} testId="sum-unit" />
                    </>
                  ) : null}
                </dt>
              ) : (
                <dt>
                  {t('bk_guests_n', { n: shown.guests })} × <Money amount={product.price} currency={product.currency} testId="sum-unit" />
                </dt>
              )}
              <dd>
                <Money amount={preview.price} currency={preview.currency} testId="sum-price" />
              </dd>
              {nightly && oneNightlyPrice === null
                ? nightPrices.map((n) => (
                    <dd key={n.date} className="bk-amounts__why muted small" data-testid="sum-night">
                      {t('bk_checkout_night_of', { date: dateFmt(n.date) })} <Money amount={n.price} currency={preview.currency} />
                    </dd>
                  ))
                : null}
            </div>
            {preview.certificate_amount > 0 ? (
              <div>
                <dt>{t('bk_certificate')}</dt>
                <dd>
                  −<Money amount={preview.certificate_amount} currency={preview.currency} testId="sum-certificate" />
                </dd>
              </div>
            ) : null}
            {preview.discount_amount > 0 ? (
              <div>
                <dt>{t('bk_discount_card')}</dt>
                <dd>
                  −<Money amount={preview.discount_amount} currency={preview.currency} testId="sum-discount" />
                </dd>
                {discountRule ? (
                  <dd className="bk-amounts__why muted small" data-testid="discount-rule">
                    {discountRule}
                  </dd>
                ) : null}
              </div>
            ) : null}
            {preview.cash_amount > 0 ? (
              <div>
                <dt>{t('bk_cash_card')}</dt>
                <dd>
                  −<Money amount={preview.cash_amount} currency={preview.currency} testId="sum-cash" />
                </dd>
              </div>
            ) : null}
            <div className="bk-amounts__total">
              <dt>{t('bk_total_to_pay')}</dt>
              <dd>
                <Money amount={preview.total} currency={preview.currency} testId="sum-total" />
              </dd>
            </div>
          </dl>
        ) : (
          <div className="skeleton bk-skel-line" aria-hidden="true" />
        )}
      </aside>

      {gateCard ? (
        <CertificateModal
          defaultCertificate={gateCard}
          productName={product.name}
          onClose={() => setGateCard(null)}
          onApplied={() => {
            setGateCard(null);
            void book();
          }}
        />
      ) : null}
    </div>
  );
}

/** A traveller field; a required one says so before any submit (a star by its label, `required` for assistive technology). */
function TextField(props: { id: string; label: string; value: string; error?: string; type?: string; autoComplete?: string; maxLength?: number; required?: boolean; onChange: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={props.id}
        className="input"
        type={props.type ?? 'text'}
        required={props.required}
        value={props.value}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength ?? 50}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error ? (
        <span id={`${props.id}-error`} className="field-error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
