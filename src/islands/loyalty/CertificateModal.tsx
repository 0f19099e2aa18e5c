// The certificate modal: the org offers a certificate for this product and none is selected, so booking is blocked
// (the rule is in src/shared/rules/wallet.ts, beforeBooking). The member chooses one of their certificates for the product,
// adds one with its code, or takes the org's default certificate ("Use this certificate": issued to them for this booking
// and applied, docs/contract.md#after-booking), then books with it; closing the modal leaves them on checkout with nothing booked.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import Dialog from '../ui/Dialog';
import Money from '../ui/Money';
import { CardValue, RedeemForm } from './Wallet';
import { convertMinorDown, fromMinor } from '../../shared/rules/money';
import type { WalletCard } from '../../shared/rules/wallet';
import { $currency, useT } from '../../stores/locale';
import { $productCards, $selectedCertificate, $wallet, chooseCertificate, takeOrgCertificate } from '../../stores/wallet';

export interface CertificateModalProps {
  defaultCertificate: WalletCard;
  productName: string;
  /** Closed: the member stays on checkout and nothing is booked. */
  onClose: () => void;
  /** A certificate is now selected: book with it. */
  onApplied: () => void;
}

export default function CertificateModal({ defaultCertificate, productName, onClose, onApplied }: CertificateModalProps) {
  const t = useT();
  const id = useId();
  const currency = useStore($currency);
  const wallet = useStore($wallet);
  const { certificates } = useStore($productCards);
  const selected = useStore($selectedCertificate);
  // One key per opening of the modal, for this booking: pressing the button again (or twice at once) issues one certificate.
  const [issueKey] = useState(() => crypto.randomUUID());
  const [taking, setTaking] = useState(false);
  const [takeFailed, setTakeFailed] = useState(false);
  const [taken, setTaken] = useState(false);
  const book = useRef<HTMLButtonElement>(null);
  // The button pressed is gone once the certificate is applied: the focus goes on to booking with it.
  useEffect(() => {
    if (taken && selected) book.current?.focus();
  }, [taken, selected]);
  const take = async () => {
    setTaking(true);
    setTakeFailed(false);
    const ok = await takeOrgCertificate(defaultCertificate.id, issueKey);
    setTaking(false);
    setTakeFailed(!ok);
    setTaken(ok);
  };
  let value: number | null = null;
  try {
    value = fromMinor(convertMinorDown(defaultCertificate.redemptionMinor, defaultCertificate.currency, currency, wallet?.rates ?? {}), currency);
  } catch {
    value = null;
  }

  return (
    <Dialog title={t('bk_cert_modal_title')} subtitle={t('bk_cert_modal_text', { product: productName })} onClose={onClose} closeLabel={t('bk_close')} closeOnEscape className="bk-cert-modal">
      <div className="stack" data-testid="certificate-modal">
        <div className="panel bk-cert-offer">
          <p className="bk-cert-offer__name">{defaultCertificate.name || t('bk_certificate')}</p>
          <p>
            {t('bk_cert_worth')}{' '}
            {value !== null ? <Money amount={value} currency={currency} className="price" /> : <Money amount={fromMinor(defaultCertificate.redemptionMinor, defaultCertificate.currency)} currency={defaultCertificate.currency} className="price" />}
          </p>
          <p className="muted small">{t('bk_cert_how')}</p>
          {!selected ? (
            <>
              <p className="small">{t('bk_cert_offer_text')}</p>
              <button type="button" className="btn btn-primary" onClick={() => void take()} disabled={taking} aria-busy={taking || undefined} data-testid="use-org-certificate" data-autofocus>
                {t('bk_cert_use_this')}
              </button>
              {takeFailed ? (
                <p className="field-error" role="alert">
                  {t('bk_cert_use_failed')}
                </p>
              ) : null}
            </>
          ) : null}
        </div>
        {certificates.length > 0 ? (
          <fieldset className="bk-choices" data-testid="certificate-choices">
            <legend>{t('bk_cert_choose')}</legend>
            {certificates.map((card) => (
              <label key={card.id} className={`bk-choice${selected?.id === card.id ? ' is-selected' : ''}`}>
                <input type="radio" name={`${id}-certificate`} value={card.id} checked={selected?.id === card.id} onChange={() => chooseCertificate(card.id)} />
                <span className="bk-choice__main">
                  {card.name || t('bk_certificate')} <span className="muted small">{card.code}</span>
                </span>
                <CardValue card={card} currency={currency} rates={wallet?.rates ?? {}} />
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="muted">{t('bk_cert_none_yet')}</p>
        )}
        <RedeemForm />
        {selected ? (
          <div className="alert alert-success" role="status">
            {t('bk_cert_applied', { name: selected.name || selected.code })}
          </div>
        ) : null}
        <div className="dialog-footer cluster">
          {selected ? (
            <button type="button" className="btn btn-primary" onClick={onApplied} data-autofocus ref={book} data-testid="book-with-certificate">
              {t('bk_book_with_certificate')}
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('bk_back_to_checkout')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
