// The console's messages and the lists they name, without the schemas (docs/decisions/0039-page-weight-by-interaction.md):
// the console's form hook shows them on every console page, and importing them from contract/console.ts or
// contract/console-ops.ts would bring zod and, through the translations schema, every label table into that page.
import { LANGUAGES } from '../i18n/types';
import { PRODUCTS } from '../rules/products';
import { FONT_FAMILIES } from '../rules/theme';
import { CARD_KINDS, PRODUCT_TYPES } from '../rules/wallet';
import { ROLES } from './auth-text';

/** Every wallet option name the spec gives (docs/product.md#constants), `only-discount` among them. */
export const WALLET_OPTIONS = ['Discount Cards', 'Certificates', 'Cash Card', 'myvacations', 'only-discount'] as const;
/** The label key of a wallet option in the console (src/shared/i18n/console.ts). */
export const walletOptionKey = (option: string) => `admin_wallet_${option.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
export const PRODUCT_CODES = PRODUCTS.map((p) => p.code) as [string, ...string[]];

export const CONSOLE_MSG = {
  name: 'Enter a name of 1 to 80 characters',
  address: 'Enter a page of this site (starting with /) or an https:// address',
  language: `Choose one of ${LANGUAGES.join(', ')}`,
  currency: 'Choose a currency code such as USD',
  unknownCurrency: 'This currency is not offered',
  products: 'Choose at least one product',
  productCode: `Products are among: ${PRODUCT_CODES.join(', ')}`,
  walletOption: `Wallet options are among: ${WALLET_OPTIONS.join(', ')}`,
  minCheckin: 'Enter a whole number of days from 0 to 30',
  calendar: 'The week starts on Sunday or Monday',
  flag: 'Choose yes or no',
  googleClientId: 'Enter the Google client id to turn Google sign-in on',
  facebookAppId: 'Enter the Facebook app id (digits) to turn Facebook sign-in on',
  clientId: 'Use letters, digits, dots, dashes and underscores (at most 200)',
  appId: 'Use digits only (at most 32)',
  nothingToChange: 'Send at least one setting to change',
  code: 'A code is 4 to 32 letters, digits or dashes',
  label: 'A label is at most 80 characters',
  expiry: 'Give a future date (YYYY-MM-DD) or date and time (ISO 8601)',
  maxUses: 'Enter a whole number of uses from 1 to 1,000,000',
  duplicateCode: 'This access code already exists',
  noSuchCode: 'No such access code',
  noSuchMember: 'No such member',
  lastAdmin: 'An organisation keeps at least one admin: make another member admin first',
  creditLimit: 'Enter an amount from 0 to 10,000,000 with at most 2 decimals',
  role: `Choose one of ${ROLES.join(', ')}`,
  colour: 'Enter a colour as #rgb or #rrggbb',
  font: `Choose one of ${FONT_FAMILIES.join(', ')}`,
  radius: 'Enter a whole number of pixels from 0 to 24',
  alreadyLive: 'The site is live already',
  notReady: 'Finish these steps before going live:',
  payment: 'Enter an amount from 0.01 to 10,000,000 with at most 2 decimals',
  note: 'A note is at most 200 characters',
  notAnAgent: 'Payments are recorded for agents only',
  supportPhone: 'Enter a phone number of digits, spaces, dashes and an optional leading +',
  supportEmail: 'Enter an e-mail address, or leave it empty',
  inviteEmail: 'Enter the e-mail address of the person to invite',
  inviteRole: 'Choose the role: admin, marketer, agent or user',
  inviteCreditLimitAgentsOnly: 'A credit limit is given to agents only',
  invitePending: 'This person already has an invitation waiting: revoke it first to send another',
  inviteSameRole: 'This person already has this role on your site',
  noSuchInvitation: 'No such invitation',
  invitationAccepted: 'This invitation was accepted: change the member instead',
  inviteMailFailed: 'We could not send the invitation e-mail, so no invitation was made. Please try again in a few minutes.',
} as const;

export const OPS_MSG = {
  host: 'Enter a domain name such as www.example.com',
  platformHost: 'Addresses under the platform domain are given by the platform: enter your own domain',
  hostTaken: 'This domain is already used or claimed by another site',
  hostOwn: 'This domain already serves your site',
  noSuchDomain: 'No such domain on this site',
  providerDown: 'The domain provider could not be reached: nothing was changed, try again in a minute',
  email: 'Enter the email of a member of this site',
  noSuchMember: 'No member of this site has this email',
  kind: `A card is one of ${CARD_KINDS.join(', ')}`,
  amount: 'Enter an amount above 0 and at most 1,000,000 with at most 2 decimals',
  currency: 'Enter a three-letter currency code such as USD',
  unknownCurrency: 'This currency is not offered',
  services: `A certificate pays for at least one of ${PRODUCT_TYPES.join(', ')}`,
  proCode: `A discount card is for one of ${PRODUCT_TYPES.join(', ')}`,
  csvHeader: 'The first line must be the header email,kind,amount,currency,services,pro_code (and optionally ,expires_at)',
  csvEmpty: 'The file has a header but no cards',
  csvTooMany: 'Import at most 1,000 cards at a time',
  csvColumns: 'This row does not have as many columns as the header',
  idempotencyKey: 'The Idempotency-Key header is 1 to 255 printable characters',
  keyReused: 'This Idempotency-Key was already used for another file',
  noSuchCard: 'No such card',
  cardExpiry: 'Give a future date (YYYY-MM-DD) or date and time (ISO 8601), or leave it empty',
  notActive: 'Only an active card can be voided',
  day: 'Use a date as YYYY-MM-DD',
  range: 'The start date comes before the end date',
  status: 'Choose a booking status',
  bookingRef: 'A booking reference is letters, digits and dashes, at most 40',
  language: `Choose one of ${LANGUAGES.join(', ')}`,
  unknownLabel: 'There is no such label',
  labelText: 'A label is plain text of at most 500 characters, without angle brackets',
  labelsEmpty: 'Send at least one label',
  labelsTooMany: 'Send at most 500 labels at a time',
  noSuchChannelCredential: 'No such channel manager credentials',
  channelCredentialsFull: 'An organisation holds at most 20 channel manager credentials: revoke one first',
  noSuchBooking: 'No such booking on this site',
  waiveFee: 'Choose whether to waive the fee',
} as const;

/** The launch checklist's steps, in the order the console shows them. */
export const LAUNCH_STEPS = ['brand', 'products', 'sign_in', 'wallet', 'domain', 'live'] as const;

/** A custom domain's states: waiting for its DNS and certificate, serving, or a claim not verified in 7 days. */
export const DOMAIN_STATUSES = ['pending', 'active', 'lapsed'] as const;
