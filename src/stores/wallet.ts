// The wallet as the islands see it: the user's and the org's cards, the selection for the product, and the actions.
// Every rule (fit, selection, default certificate, gate, amounts) comes from src/shared/rules/wallet.ts.
import { atom, computed } from 'nanostores';
import { ApiFailure } from '../shared/contract/api-client';
import { request } from './api';
import type { Rates } from '../shared/rules/money';
import { parseWalletEntry, walletCardFromEntry, type WalletEntry } from '../shared/rules/wallet-entry';
import {
  beforeBooking, cardsForProduct, parseWalletOptions, pickCashCard, selectForProduct, walletShown, type GateResult, type Selection,
  type WalletCard, type WalletOptions,
} from '../shared/rules/wallet';

export interface WalletData {
  entry: WalletEntry;
  userCards: WalletCard[];
  orgCards: WalletCard[];
  options: WalletOptions;
  shown: boolean;
  rates: Rates;
}

/** Spec 4 and 9: the loading flag is false while loading and true 500 ms after the data arrives. */
export const WALLET_LOADED_DELAY_MS = 500;

export const $wallet = atom<WalletData | null>(null);
export const $walletLoaded = atom(false);
export const $walletCurrency = atom<string | null>(null);
/** The product type the wallet is applied to (checkout), or null (the wallet page). */
export const $walletProduct = atom<string | null>(null);
export const $selection = atom<Selection>(null);
export const $useCash = atom(false);

export function walletFromEntry(entry: WalletEntry): WalletData {
  const userCards = [
    ...entry.certidata.map((e) => walletCardFromEntry(e, 'certificate', 'user')),
    ...entry.discountcarddata.map((e) => walletCardFromEntry(e, 'discount', 'user')),
    ...entry.cashcarddata.map((e) => walletCardFromEntry(e, 'cash', 'user')),
  ];
  const orgCards = entry.orgcertidata.map((e) => walletCardFromEntry(e, 'certificate', 'org'));
  const list = entry.walletOptions.find((w) => w.org_site_wallet)?.org_site_wallet ?? '';
  return { entry, userCards, orgCards, options: parseWalletOptions(list), shown: walletShown([entry]), rates: { USD: 1, ...entry.exchange_rates } };
}

let loadSeq = 0;
let loadedTimer: ReturnType<typeof setTimeout> | undefined;

/** Loads the caller's wallet; failures are only logged and leave the wallet empty (docs/product.md#error-messages). */
export async function loadWallet(currency: string): Promise<WalletData | null> {
  const seq = ++loadSeq;
  clearTimeout(loadedTimer);
  $walletLoaded.set(false);
  $walletCurrency.set(currency);
  let data: WalletData | null = null;
  try {
    const reply = await request('$post', '/api/booking/get-paymentcard-by-user', { body: { currency } });
    data = walletFromEntry(parseWalletEntry(reply.data?.[0] ?? {}));
  } catch (err) {
    console.warn('wallet', err instanceof Error ? err.message : err);
  }
  if (seq !== loadSeq) return data;
  $wallet.set(data);
  const product = $walletProduct.get();
  if (product) applyProduct(product);
  loadedTimer = setTimeout(() => $walletLoaded.set(true), WALLET_LOADED_DELAY_MS);
  return data;
}

/** Selecting a product: filter to it, one kind selected, keep the current card if it still fits, else the first fit. */
export function applyProduct(product: string) {
  $walletProduct.set(product);
  const wallet = $wallet.get();
  if (!wallet) return;
  const usable = wallet.userCards.filter((c) => (c.kind === 'certificate' ? wallet.options.certificates : c.kind === 'discount' ? wallet.options.discountCards : true));
  $selection.set(selectForProduct(usable, product, $selection.get()).selection);
  if ($useCash.get() && !cashCard()) $useCash.set(false);
}

export function chooseCertificate(id: number | null) {
  $selection.set(id === null ? null : { kind: 'certificate', id });
}

export function chooseDiscountCard(id: number | null) {
  $selection.set(id === null ? null : { kind: 'discount', id });
}

export function setUseCash(on: boolean) {
  $useCash.set(on && cashCard() !== null);
}

export function cashCard(): WalletCard | null {
  const wallet = $wallet.get();
  if (!wallet || !wallet.options.cashCard) return null;
  return pickCashCard(wallet.userCards, wallet.rates);
}

export const $productCards = computed([$wallet, $walletProduct], (wallet, product) => {
  if (!wallet || !product) return { certificates: [] as WalletCard[], discountCards: [] as WalletCard[] };
  const fits = cardsForProduct(wallet.userCards, product);
  return {
    certificates: wallet.options.certificates ? fits.certificates : [],
    discountCards: wallet.options.discountCards ? fits.discountCards : [],
  };
});

export const $selectedCertificate = computed([$wallet, $selection], (wallet, sel) =>
  sel?.kind === 'certificate' ? (wallet?.userCards.find((c) => c.id === sel.id) ?? null) : null,
);

/** The step before booking (src/shared/rules/wallet.ts, beforeBooking); a guest without a wallet always proceeds. */
export function gateFor(product: string): GateResult {
  const wallet = $wallet.get();
  if (!wallet) return { proceed: true };
  return beforeBooking({
    certificatesEnabled: wallet.options.certificates,
    selectedCertificate: $selectedCertificate.get(),
    orgCards: wallet.orgCards,
    userCards: wallet.userCards.filter((c) => c.kind !== 'discount' || wallet.options.discountCards),
    product,
    rates: wallet.rates,
  });
}

/** The card ids a preview or checkout sends for the current selection. */
export function selectedCardIds(): { certificate_id?: number; discount_card_id?: number; cash_card_id?: number } {
  const sel = $selection.get();
  const cash = $useCash.get() ? cashCard() : null;
  return {
    ...(sel?.kind === 'certificate' ? { certificate_id: sel.id } : {}),
    ...(sel?.kind === 'discount' ? { discount_card_id: sel.id } : {}),
    ...(cash ? { cash_card_id: cash.id } : {}),
  };
}

export type RedeemOutcome = { ok: true; card: WalletCard } | { ok: false; status: number; message: string };

/** Claims a card code into the wallet, reloads the wallet and selects the card when it fits the product. */
export async function redeemCode(code: string): Promise<RedeemOutcome> {
  try {
    const reply = await request('$post', '/api/wallet/redeem', { body: { card_code: code.trim() } });
    const wallet = await loadWallet($walletCurrency.get() ?? 'USD');
    const card = wallet?.userCards.find((c) => c.id === reply.data.payment_card_id);
    const product = $walletProduct.get();
    if (card && product) {
      const fits = cardsForProduct([card], product);
      if (fits.certificates.length) chooseCertificate(card.id);
      else if (fits.discountCards.length) chooseDiscountCard(card.id);
      else if (card.kind === 'cash') setUseCash(true);
    }
    return card ? { ok: true, card } : { ok: false, status: 500, message: '' };
  } catch (err) {
    return { ok: false, status: err instanceof ApiFailure ? err.status : 0, message: err instanceof Error ? err.message : '' };
  }
}

export function resetWalletSelection() {
  $selection.set(null);
  $useCash.set(false);
}

/**
 * The certificate modal's "Use this certificate": the org's certificate on offer issued to the member for this booking
 * (`issueKey`, one per modal), the wallet reloaded and the new certificate chosen. False when it could not be issued.
 */
export async function takeOrgCertificate(orgCardId: number, issueKey: string): Promise<boolean> {
  try {
    const reply = await request('$post', '/api/wallet/default-certificate', { body: { payment_card_id: orgCardId, issue_key: issueKey } });
    await loadWallet($walletCurrency.get() ?? 'USD');
    chooseCertificate(reply.data.payment_card_id);
    return true;
  } catch (err) {
    console.warn('certificate', err instanceof Error ? err.message : err);
    return false;
  }
}
