// Who reaches an org's bed bank, and through which door (docs/decisions/0079-supplier-switched-off-and-disconnected.md):
// `orgBank` sells (switched on only), `bookingsBank` serves what was sold (switched on or off). Every function that opens
// the connection is named here with its door, so a new one chooses: a booking's care going through the selling door
// once failed paid bookings and refused travellers' cancellations whenever the supplier was switched off.
import { describe, expect, it } from 'vitest';
import { sourceOf, workerFiles } from './worker-files';

const SELLS = 'orgBank';
const SERVES = 'bookingsBank';
/** Both doors open a connection row read beforehand; so does a search that reads it with the place's hotels (a sale). */
const ROW = 'openBank';

/** file → function → the door it opens. */
const DOORS: Record<string, Record<string, typeof SELLS | typeof SERVES | typeof ROW>> = {
  'functions/flows/suppliers.ts': { orgBank: ROW, bookingsBank: ROW },
  'functions/flows/supplier-search.ts': { supplierAsk: SELLS, askSupplier: ROW },
  'functions/flows/supplier-rates.ts': { supplierRoomsAndRates: SELLS },
  'functions/flows/stay.ts': { priceSupplierStay: SELLS },
  'functions/flows/agent-quotes.ts': { checkedQuoteSale: SELLS },
  // An agent's booking on account is made and checked at that moment: a sale.
  'functions/flows/supplier-bookings.ts': { bookAtSupplier: SERVES, bookAgentAtSupplier: SELLS, cancelAtSupplier: SERVES, compared: SERVES },
};

/** Each call of either door in a file, under the name of the function it is written in. */
function doorsOpened(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  // A call, not the doors' own definitions (`function orgBank(`).
  for (const call of source.matchAll(/(?<!function )\b(orgBank|bookingsBank|openBank)\(/g)) {
    const declared = [...source.slice(0, call.index).matchAll(/^(?:export )?(?:async )?function (\w+)/gm)].at(-1)?.[1];
    found[declared ?? '(top level)'] = call[1]!;
  }
  return found;
}

describe('the doors to a bed bank', () => {
  it('every function that opens an org’s connection is named with its door', () => {
    const opened = Object.fromEntries(workerFiles().map((f) => [f, doorsOpened(sourceOf(f))] as const).filter(([, d]) => Object.keys(d).length > 0));
    expect(opened).toEqual(DOORS);
  });

  it('tells a function written in its file apart from the one before it', () => {
    const source = ['export async function sell(d) {', '  return orgBank(d, 1);', '}', 'async function serve(d) {', '  return bookingsBank(d, 1, "hotelbeds");', '}'].join('\n');
    expect(doorsOpened(source)).toEqual({ sell: SELLS, serve: SERVES });
  });
});
