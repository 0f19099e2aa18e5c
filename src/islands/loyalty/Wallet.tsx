// The wallet: at checkout it applies a certificate or discount card and the cash card to the product; on /wallet it
// lists the cards with their balances and redeems a card code. Only the org's wallet options are shown.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import Money from '../ui/Money';
import { fromMinor, type Rates } from '../../shared/rules/money';
import { cardValueMinor, certificateFits, discountCardFits, isActive, type WalletCard } from '../../shared/rules/wallet';
import { $currency, useT } from '../../stores/locale';
import { $signedIn } from '../../stores/session';
import { runStartup } from '../../stores/startup';
import {
  $productCards, $selection, $useCash, $wallet, $walletLoaded, cashCard, chooseCertificate, chooseDiscountCard, loadWallet, redeemCode, setUseCash,
} from '../../stores/wallet';

/** A card's value in the page currency (never rounded up), as a decimal. */
function valueIn(card: WalletCard, currency: string, rates: Rates): number | null {
  try {
    return fromMinor(cardValueMinor(card, currency, rates), currency);
  } catch {
    return null;
  }
}

export function CardValue({ card, currency, rates }: { card: WalletCard; currency: string; rates: Rates }) {
  const own = fromMinor(card.kind === 'certificate' ? card.redemptionMinor : card.amountMinor, card.currency);
  const converted = valueIn(card, currency, rates);
  return (
    <span className="bk-card__value">
      <Money amount={own} currency={card.currency} />
      {card.currency !== currency && converted !== null ? (
        <span className="muted small">
          {' '}
          (≈ <Money amount={converted} currency={currency} />)
        </span>
      ) : null}
    </span>
  );
}

const cardName = (card: WalletCard, fallback: string) => card.name || fallback;

export default function Wallet({ mode = 'page' }: { mode?: 'page' | 'checkout' }) {
  const t = useT();
  const id = useId();
  const signedIn = useStore($signedIn);
  const currency = useStore($currency);
  const wallet = useStore($wallet);
  const loaded = useStore($walletLoaded);
  const selection = useStore($selection);
  const useCash = useStore($useCash);
  const productCards = useStore($productCards);

  useEffect(() => void runStartup(), []);
  useEffect(() => {
    if (mode === 'page' && signedIn === true) void loadWallet(currency);
  }, [mode, signedIn, currency]);

  if (signedIn !== true) return null;
  // A refresh (after redeeming a code, a refused card) keeps showing the cards it already has.
  if (!loaded && !wallet)
    return (
      <div className="bk-wallet bk-wallet--loading" role="status" data-testid="wallet" data-loaded="false">
        <span className="spinner" aria-hidden="true" /> {t('bk_wallet_loading')}
      </div>
    );
  if (!wallet || !wallet.shown)
    return mode === 'page' ? (
      <p className="alert" data-testid="wallet" data-loaded={loaded}>
        {t('bk_wallet_unavailable')}
      </p>
    ) : null;

  const { options, rates } = wallet;
  const names = (card: WalletCard) => cardName(card, card.kind === 'certificate' ? t('bk_certificate') : card.kind === 'discount' ? t('bk_discount_card') : t('bk_cash_card'));

  if (mode === 'checkout') {
    const cash = cashCard();
    const choices = [...productCards.certificates, ...productCards.discountCards];
    const selectedKey = selection ? `${selection.kind}-${selection.id}` : 'none';
    const any = choices.length > 0 || (options.cashCard && cash);
    return (
      <section className="bk-wallet" aria-labelledby={`${id}-title`} aria-busy={!loaded} data-testid="wallet" data-loaded={loaded}>
        <h3 id={`${id}-title`}>{t('bk_wallet_pay_with')}</h3>
        {!any ? <p className="muted">{t('bk_wallet_nothing_fits')}</p> : null}
        {choices.length > 0 ? (
          <fieldset className="bk-choices">
            <legend>{options.certificates && options.discountCards ? t('bk_apply_cert_or_discount') : options.certificates ? t('bk_apply_certificate') : t('bk_apply_discount')}</legend>
            {choices.map((card) => {
              const key = `${card.kind}-${card.id}`;
              return (
                <label key={key} className={`bk-choice${selectedKey === key ? ' is-selected' : ''}`} data-testid={`wallet-${card.kind}`}>
                  <input type="radio" name={`${id}-card`} value={key} checked={selectedKey === key} onChange={() => (card.kind === 'certificate' ? chooseCertificate(card.id) : chooseDiscountCard(card.id))} />
                  <span className="bk-choice__main">
                    <span className="badge">{card.kind === 'certificate' ? t('bk_certificate') : t('bk_discount_card')}</span> {names(card)}{' '}
                    <span className="muted small">{card.code}</span>
                  </span>
                  <CardValue card={card} currency={currency} rates={rates} />
                </label>
              );
            })}
            <label className={`bk-choice${selectedKey === 'none' ? ' is-selected' : ''}`}>
              <input type="radio" name={`${id}-card`} value="none" checked={selectedKey === 'none'} onChange={() => chooseCertificate(null)} />
              <span className="bk-choice__main">{t('bk_no_card')}</span>
            </label>
          </fieldset>
        ) : null}
        {options.cashCard && cash ? (
          <label className="checkbox bk-cash" data-testid="wallet-cash">
            <input type="checkbox" checked={useCash} onChange={(e) => setUseCash(e.target.checked)} />
            <span>
              {t('bk_use_cash_card')} — {t('bk_balance')} <CardValue card={cash} currency={currency} rates={rates} />
            </span>
          </label>
        ) : null}
        <RedeemForm compact />
      </section>
    );
  }

  const kinds = [
    { key: 'certificates', on: options.certificates, title: t('bk_certificates'), cards: wallet.userCards.filter((c) => c.kind === 'certificate'), details: wallet.entry.certificate_details },
    { key: 'discount', on: options.discountCards, title: t('bk_discount_cards'), cards: wallet.userCards.filter((c) => c.kind === 'discount'), details: wallet.entry.discountcard_details },
    { key: 'cash', on: options.cashCard, title: t('bk_cash_cards'), cards: wallet.userCards.filter((c) => c.kind === 'cash'), details: wallet.entry.cashcard_details },
  ].filter((k) => k.on);

  return (
    <div className="bk-wallet-page stack" aria-busy={!loaded} data-testid="wallet" data-loaded={loaded}>
      <ul className="grid grid-3 bk-wallet__totals" role="list">
        {kinds.map((k) => (
          <li key={k.key} className="panel">
            <h2 className="bk-wallet__kind">{k.title}</h2>
            <p className="price">{k.details ? <Money amount={k.details.total_value} currency={k.details.currency} /> : '—'}</p>
            <p className="muted small">{t('bk_active_cards', { n: k.details?.active_count ?? 0 })}</p>
          </li>
        ))}
        {wallet.options.myvacations ? (
          <li className="panel">
            <h2 className="bk-wallet__kind">{t('bk_myvacations')}</h2>
            <p className="muted small">{t('bk_myvacations_text')}</p>
          </li>
        ) : null}
      </ul>
      {kinds.map((k) => (
        <section key={k.key} aria-labelledby={`${id}-${k.key}`} className="panel">
          <h2 id={`${id}-${k.key}`}>{k.title}</h2>
          {k.cards.length === 0 ? (
            <p className="muted">{t('bk_no_cards')}</p>
          ) : (
            <div className="table-wrap">
              <table className="table table-stack" data-testid={`cards-${k.key}`}>
                <thead>
                  <tr>
                    <th scope="col">{t('bk_card')}</th>
                    <th scope="col">{t('bk_card_code')}</th>
                    <th scope="col">{t('bk_for_products')}</th>
                    <th scope="col">{t('bk_status')}</th>
                    <th scope="col">{k.key === 'certificates' ? t('bk_value') : t('bk_balance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {k.cards.map((card) => (
                    <tr key={card.id} className={isActive(card) ? undefined : 'is-inactive'}>
                      <td data-label={t('bk_card')}>{names(card)}</td>
                      <td data-label={t('bk_card_code')}>
                        <code>{card.code}</code>
                      </td>
                      <td data-label={t('bk_for_products')}>{card.kind === 'certificate' ? card.services.map((s) => t(`bk_type_${s}`) || s).join(', ') : card.kind === 'discount' ? productsOf(card, t) : t('bk_any_product')}</td>
                      <td data-label={t('bk_status')}>
                        <span className={`badge${isActive(card) ? '' : ' bk-badge-off'}`}>{t(`bk_status_${card.status}`) || card.status}</span>
                      </td>
                      <td data-label={k.key === 'certificates' ? t('bk_value') : t('bk_balance')}>
                        <CardValue card={card} currency={currency} rates={rates} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
      <section className="panel" aria-labelledby={`${id}-redeem`}>
        <h2 id={`${id}-redeem`}>{t('bk_redeem_title')}</h2>
        <RedeemForm />
      </section>
    </div>
  );
}

function productsOf(card: WalletCard, t: (k: string) => string): string {
  const types = ['HLT', 'ACT', 'RST', 'STY'].filter((p) => discountCardFits({ ...card, amountMinor: Math.max(1, card.amountMinor), status: 'ACTIVE' }, p) || certificateFits(card, p));
  return types.map((p) => t(`bk_type_${p}`)).join(', ') || card.proCode;
}

/** Claims a card code into the wallet (POST /api/wallet/redeem). */
export function RedeemForm({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!/^[A-Za-z0-9-]{4,40}$/.test(code.trim())) {
      setMessage({ ok: false, text: t('bk_redeem_invalid') });
      return;
    }
    setBusy(true);
    const r = await redeemCode(code);
    setBusy(false);
    if (r.ok) {
      setCode('');
      setMessage({ ok: true, text: t('bk_redeem_done') });
    } else {
      const key = { 404: 'bk_redeem_unknown', 409: 'bk_redeem_taken', 429: 'bk_redeem_limited' }[r.status] ?? 'bk_redeem_failed';
      setMessage({ ok: false, text: t(key) });
    }
  }

  return (
    <form className={`bk-redeem${compact ? ' bk-redeem--compact' : ''}`} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-code`}>{compact ? t('bk_have_code') : t('bk_card_code')}</label>
        <div className="input-group">
          <input id={`${id}-code`} className="input" value={code} autoComplete="off" spellCheck={false} onChange={(e) => setCode(e.target.value)} aria-describedby={message ? `${id}-msg` : undefined} />
          <button type="submit" className="btn" disabled={busy}>
            {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            {t('bk_redeem')}
          </button>
        </div>
        {message ? (
          <span id={`${id}-msg`} className={message.ok ? 'field-hint bk-ok' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </span>
        ) : null}
      </div>
    </form>
  );
}
