// Every wallet rule of docs/contract.md#wallet (docs/product.md#states, docs/product.md#validation, docs/product.md#constants) in one place: pure, used by the wallet island and the booking API.
import { convertMinor, convertMinorDown, type Rates } from './money';

export const PRODUCT_TYPES = ['HLT', 'ACT', 'RST', 'STY'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const CARD_KINDS = ['certificate', 'discount', 'cash'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export const ACTIVE = 'ACTIVE';
/** Status a certificate takes once a booking has used it. */
export const REDEEMED = 'REDEEMED';
/** A certificate kept for a booking whose card payment is pending: spent if it is paid, ACTIVE again if not. */
export const HELD = 'HELD';

/** The names an org lists in its wallet options (org_site_wallet). */
export const WALLET_OPTION = {
  discountCards: 'Discount Cards',
  certificates: 'Certificates',
  cashCard: 'Cash Card',
  myvacations: 'myvacations',
} as const;
export type WalletOptionKey = keyof typeof WALLET_OPTION;
export type WalletOptions = Record<WalletOptionKey, boolean>;

/** The option key (docs/product.md#constants) of an org that offers discount cards only. */
export const ONLY_DISCOUNT = 'only-discount';

/**
 * Reads a comma-separated org_site_wallet list ("Discount Cards,Certificates,Cash Card"), case- and space-tolerant:
 * which wallet parts the org offers. With `only-discount` in the list it offers discount cards and nothing else
 * (no certificates, so no certificate gate either, and no cash card), whatever else the list names.
 */
export function parseWalletOptions(list: string | null | undefined): WalletOptions {
  const names = new Set((list ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));
  const options = {} as WalletOptions;
  for (const key of Object.keys(WALLET_OPTION) as WalletOptionKey[]) options[key] = names.has(WALLET_OPTION[key].toLowerCase());
  if (names.has(ONLY_DISCOUNT)) return { ...options, discountCards: true, certificates: false, cashCard: false };
  return options;
}

/** The wallet is shown when any returned entry carries an org_site_wallet list. */
export const walletShown = (entries: readonly { walletOptions?: readonly { org_site_wallet?: string | null }[] }[] | null | undefined) =>
  (entries ?? []).some((e) => (e.walletOptions ?? []).some((w) => typeof w.org_site_wallet === 'string' && w.org_site_wallet.trim() !== ''));

/** A payment card with clear names; amounts are integer minor units of `currency` (payment_card_currency). */
export interface WalletCard {
  id: number;
  code: string;
  kind: CardKind;
  status: string;
  /** Product codes a certificate may be used for. */
  services: readonly string[];
  /** Product code a discount card is for. */
  proCode: string;
  /** A discount card's remaining amount or a cash card's balance. */
  amountMinor: number;
  /** What a certificate takes off. */
  redemptionMinor: number;
  currency: string;
  productCode: string;
  /** 'org' cards are issued by the org and not (yet) in anyone's wallet. */
  owner: 'user' | 'org';
  name?: string;
  /** When the card stops paying (an ISO instant); null or absent: it does not expire. */
  expiresAt?: string | null;
}

/** A card past its expiry pays for nothing, whatever its status. */
export const isExpired = (card: Pick<WalletCard, 'expiresAt'>, now = Date.now()) => Boolean(card.expiresAt) && Date.parse(card.expiresAt!) <= now;

export const isActive = (card: Pick<WalletCard, 'status' | 'expiresAt'>) => card.status === ACTIVE && !isExpired(card);

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** A certificate fits when it is ACTIVE and its services list the product. */
export function certificateFits(card: WalletCard, product: string): boolean {
  return card.kind === 'certificate' && isActive(card) && card.services.some((s) => sameCode(s, product));
}

/** A discount card fits when ACTIVE, its pro_code equals or contains the product code (any case) and it holds an amount. */
export function discountCardFits(card: WalletCard, product: string): boolean {
  if (card.kind !== 'discount' || !isActive(card) || card.amountMinor <= 0 || product.trim() === '') return false;
  return card.proCode.toUpperCase().includes(product.trim().toUpperCase());
}

/** A cash card pays for any product while it is ACTIVE and has a balance. */
export function cashCardUsable(card: WalletCard): boolean {
  return card.kind === 'cash' && isActive(card) && card.amountMinor > 0;
}

/** Discount-card price cap factor (docs/product.md#constants): 1.10 for hotels, 1.05 for every other type. */
export const discountFactor = (product: string): number => (sameCode(product, 'HLT') ? 1.1 : 1.05);

/** The most a discount card may take off a price: price × (factor − 1), in whole minor units. */
export function discountCapMinor(priceMinor: number, product: string): number {
  const percent = sameCode(product, 'HLT') ? 10 : 5;
  return Math.floor((Math.max(0, priceMinor) * percent) / 100);
}

export interface ProductCards {
  certificates: WalletCard[];
  discountCards: WalletCard[];
}

export function cardsForProduct(cards: readonly WalletCard[], product: string): ProductCards {
  return {
    certificates: cards.filter((c) => certificateFits(c, product)),
    discountCards: cards.filter((c) => discountCardFits(c, product)),
  };
}

export type Selection = { kind: 'certificate' | 'discount'; id: number } | null;

/**
 * Selecting a product: certificates and discount cards are filtered to it; only one kind stays selected (the
 * other is cleared); the current card stays if it still fits, otherwise the first fit of that kind is chosen.
 * With nothing selected before, a certificate is preferred, then a discount card.
 */
export function selectForProduct(cards: readonly WalletCard[], product: string, current: Selection): ProductCards & { selection: Selection } {
  const fits = cardsForProduct(cards, product);
  const listOf = (kind: 'certificate' | 'discount') => (kind === 'certificate' ? fits.certificates : fits.discountCards);
  const kind = current?.kind ?? (fits.certificates.length > 0 ? 'certificate' : 'discount');
  const list = listOf(kind);
  const kept = current ? list.find((c) => c.id === current.id) : undefined;
  const chosen = kept ?? list[0];
  return { ...fits, selection: chosen ? { kind, id: chosen.id } : null };
}

/** Compares card values across currencies in USD minor units. */
const usdValue = (minor: number, currency: string, rates: Rates) => {
  try {
    return convertMinor(minor, currency, 'USD', rates);
  } catch {
    return minor;
  }
};

/**
 * With no certificate of the user's own for the product, the org certificate with the highest
 * payment_card_redemption_price for it is the default; otherwise there is none.
 */
export function defaultOrgCertificate(userCards: readonly WalletCard[], orgCards: readonly WalletCard[], product: string, rates: Rates = {}): WalletCard | null {
  if (userCards.some((c) => certificateFits(c, product))) return null;
  let best: WalletCard | null = null;
  for (const card of orgCards) {
    if (!certificateFits(card, product)) continue;
    if (!best || usdValue(card.redemptionMinor, card.currency, rates) > usdValue(best.redemptionMinor, best.currency, rates)) best = card;
  }
  return best;
}

export interface GateInput {
  certificatesEnabled: boolean;
  selectedCertificate: WalletCard | null;
  orgCards: readonly WalletCard[];
  userCards: readonly WalletCard[];
  product: string;
  rates?: Rates;
}

export type GateResult = { proceed: true } | { proceed: false; openCertificateModal: true; defaultCertificate: WalletCard };

/**
 * The step before booking: with certificates enabled, none selected, an org certificate for the product and a
 * default certificate, the certificate modal opens and booking waits. A fitting discount card always lets it proceed.
 */
export function beforeBooking(input: GateInput): GateResult {
  const { product } = input;
  if (input.userCards.some((c) => discountCardFits(c, product))) return { proceed: true };
  if (!input.certificatesEnabled || input.selectedCertificate) return { proceed: true };
  if (!input.orgCards.some((c) => certificateFits(c, product))) return { proceed: true };
  const defaultCertificate = defaultOrgCertificate(input.userCards, input.orgCards, product, input.rates);
  if (!defaultCertificate) return { proceed: true };
  return { proceed: false, openCertificateModal: true, defaultCertificate };
}

export interface CardProblem {
  /** 'spent': used up by an earlier booking (a conflict with the card's state); 'unfit': not usable here at all. */
  reason: 'spent' | 'unfit';
  message: string;
}

/** Why a card may not pay for this product, or null when it may. */
export function cardProblem(card: WalletCard, asKind: CardKind, product: string): CardProblem | null {
  const unfit = (message: string): CardProblem => ({ reason: 'unfit', message });
  const spent = (message: string): CardProblem => ({ reason: 'spent', message });
  if (card.kind !== asKind) return unfit(`Card ${card.code} is not a ${asKind === 'discount' ? 'discount card' : asKind === 'cash' ? 'cash card' : 'certificate'}`);
  if (card.kind === 'certificate' && card.status === REDEEMED) return spent(`Certificate ${card.code} has already been used`);
  if (card.kind === 'certificate' && card.status === HELD) return spent(`Certificate ${card.code} is held by a booking waiting for its payment`);
  if (card.status === ACTIVE && isExpired(card)) return unfit(`Card ${card.code} has expired`);
  if (!isActive(card)) return unfit(`Card ${card.code} is not active`);
  if (asKind === 'certificate' && !certificateFits(card, product)) return unfit(`Certificate ${card.code} cannot be used for this product`);
  if (asKind === 'discount' && !card.proCode.toUpperCase().includes(product.trim().toUpperCase())) return unfit(`Discount card ${card.code} cannot be used for this product`);
  if (asKind !== 'certificate' && card.amountMinor <= 0) return spent(`Card ${card.code} has no balance left`);
  return null;
}

/** Which cash card pays when the user asks to use the cash card: the one worth most. */
export function pickCashCard(cards: readonly WalletCard[], rates: Rates = {}): WalletCard | null {
  let best: WalletCard | null = null;
  for (const card of cards) {
    if (!cashCardUsable(card)) continue;
    if (!best || usdValue(card.amountMinor, card.currency, rates) > usdValue(best.amountMinor, best.currency, rates)) best = card;
  }
  return best;
}

export interface CardSpend {
  cardId: number;
  kind: CardKind;
  /** What the card pays, in the booking currency. */
  amountMinor: number;
  /** What leaves the card, in its own currency (a certificate is used whole). */
  cardMinor: number;
}

export interface WalletAmounts {
  currency: string;
  priceMinor: number;
  certificateMinor: number;
  discountMinor: number;
  cashMinor: number;
  totalMinor: number;
  spends: CardSpend[];
}

export interface AmountsInput {
  priceMinor: number;
  product: string;
  currency: string;
  rates: Rates;
  certificate?: WalletCard | null;
  discountCard?: WalletCard | null;
  cashCard?: WalletCard | null;
}

/** How much of `card`'s amount (its currency) to take so that it pays `paid` of the booking currency, never more than it holds. */
function takenFromCard(card: WalletCard, paid: number, available: number, currency: string, rates: Rates): number {
  if (paid >= available) return card.amountMinor;
  return Math.min(card.amountMinor, convertMinor(paid, currency, card.currency, rates));
}

/**
 * The amounts of a booking: the certificate takes off its redemption price, the discount card at most
 * price × (factor − 1), the cash card pays what is left up to its balance; nothing goes below 0.
 * Card amounts are in their own currency and converted through USD. Cards are assumed to fit (see cardProblem).
 */
export function computeAmounts(input: AmountsInput): WalletAmounts {
  const { product, currency, rates } = input;
  const priceMinor = Math.max(0, Math.round(input.priceMinor));
  let left = priceMinor;
  const spends: CardSpend[] = [];

  let certificateMinor = 0;
  if (input.certificate) {
    const value = cardValueMinor(input.certificate, currency, rates);
    certificateMinor = Math.max(0, Math.min(value, left));
    left -= certificateMinor;
    spends.push({ cardId: input.certificate.id, kind: 'certificate', amountMinor: certificateMinor, cardMinor: input.certificate.redemptionMinor });
  }

  let discountMinor = 0;
  if (input.discountCard) {
    const card = input.discountCard;
    const available = cardValueMinor(card, currency, rates);
    discountMinor = Math.max(0, Math.min(available, discountCapMinor(priceMinor, product), left));
    left -= discountMinor;
    if (discountMinor > 0) spends.push({ cardId: card.id, kind: 'discount', amountMinor: discountMinor, cardMinor: takenFromCard(card, discountMinor, available, currency, rates) });
  }

  let cashMinor = 0;
  if (input.cashCard) {
    const card = input.cashCard;
    const available = cardValueMinor(card, currency, rates);
    cashMinor = Math.max(0, Math.min(available, left));
    left -= cashMinor;
    if (cashMinor > 0) spends.push({ cardId: card.id, kind: 'cash', amountMinor: cashMinor, cardMinor: takenFromCard(card, cashMinor, available, currency, rates) });
  }

  return { currency, priceMinor, certificateMinor, discountMinor, cashMinor, totalMinor: Math.max(0, left), spends };
}

/** Hotels, resorts and stays are priced per night; activities per person. */
export const pricedPerPerson = (product: string) => sameCode(product, 'ACT');

/** Whole nights between two YYYY-MM-DD dates (at least 1). */
export function nightsBetween(checkIn: string, checkOut: string | undefined | null): number {
  if (!checkOut) return 1;
  const days = Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(days) && days > 0 ? days : 1;
}

/** The price of a booking in USD minor units from the product's unit price. */
export function bookingPriceUsdMinor(unitUsdMinor: number, product: string, nights: number, guests: number): number {
  return unitUsdMinor * (pricedPerPerson(product) ? Math.max(1, guests) : Math.max(1, nights));
}

export interface StayPrice {
  /** One night, or one person, in the stay's currency: the figure every page shows beside "per night". */
  unitMinor: number;
  /** How many nights (or persons) the stay is. */
  units: number;
  priceMinor: number;
}

/**
 * A stay's price in `currency`: the unit price is converted and rounded once, then multiplied, so the price of the
 * stay is always exactly the unit price shown times the nights or guests shown (decision 0026). Converting the
 * stay's USD total instead could land a cent away from that product.
 */
export function stayPrice(unitUsdMinor: number, product: string, nights: number, guests: number, currency: string, rates: Rates): StayPrice {
  const unitMinor = convertMinor(unitUsdMinor, 'USD', currency, rates);
  const units = pricedPerPerson(product) ? Math.max(1, guests) : Math.max(1, nights);
  return { unitMinor, units, priceMinor: unitMinor * units };
}

/**
 * What a card is worth in `currency` (a certificate its redemption price, other cards their amount): converted and
 * rounded down once, never promising more than the card holds. The wallet's lines and its totals both use this, so
 * a total is the sum of the lines it sits under; checkout takes the same value off the price.
 */
export function cardValueMinor(card: Pick<WalletCard, 'kind' | 'redemptionMinor' | 'amountMinor' | 'currency'>, currency: string, rates: Rates): number {
  return convertMinorDown(card.kind === 'certificate' ? card.redemptionMinor : card.amountMinor, card.currency, currency, rates);
}
