// The agent portal's refusal texts, payment choices and quote statuses (docs/contract.md#agents) without
// the schemas: the product and agent pages show and compute with these at load, and importing them from
// contract/agent.ts would bring zod (docs/decisions/0039-page-weight-by-interaction.md). contract/agent.ts re-exports them.

export const AGENT_MSG = {
  creditLimitExceeded: 'CREDIT LIMIT EXCEEDED',
  agentsOnly: 'This page is for travel agents only.',
  clientExists: 'You already have a client with this email address',
  quoteBooked: 'This quote is already booked',
  quoteExpired: 'The check-in date of this quote has passed; make a new quote',
  productGone: 'This product can no longer be booked; make a new quote',
  countryCodeRequired: 'Please choose the country code of the phone number',
  unknownCountryCode: 'Unknown country code',
  markupRange: 'The markup is between 0 and 100 %',
  payBy: 'Choose "account" or "card"',
  onAccountCancel: 'A booking on account is cancelled by the travel company, not from the portal',
  noCardPart: 'This quote has nothing to pay by card',
  supplierSoldOut: 'The hotel’s supplier no longer sells this room: nothing was booked or charged. Make a new quote',
  supplierRefused: 'The hotel’s supplier did not accept this booking: nothing was booked or charged. Make a new quote',
  supplierPriceChanged: 'The hotel’s price has changed since this quote was made: nothing was booked or charged. Make a new quote',
  supplierDown: 'The hotel’s supplier cannot be reached right now: nothing was booked or charged. Please try again',
} as const;

/** How an agent pays for a quote they book: on their account (within the credit limit) or by the client's card. */
export const PAY_BY = ['account', 'card'] as const;
export type PayBy = (typeof PAY_BY)[number];

export const MAX_MARKUP_PERCENT = 100;
export const CLIENTS_PAGE_SIZE = 20;

export const QUOTE_STATUSES = ['DRAFT', 'SENT', 'BOOKED'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
