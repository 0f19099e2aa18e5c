// The suppliers' names and the supplier routes' messages, without zod (the console's pages import these alone).

/** The bed banks an org can connect (docs/contract.md section 18). */
export const SUPPLIERS = ['hotelbeds'] as const;
export type Supplier = (typeof SUPPLIERS)[number];

/** Where a product comes from: the org's own inventory or a supplier's content. */
export const PRODUCT_SOURCES = ['own', ...SUPPLIERS] as const;
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

export const SUPPLIER_MSG = {
  apiKey: 'Enter the API key the supplier gave you',
  secret: 'Enter the secret the supplier gave you',
  markup: 'Enter a markup from 0 to 100 percent, with at most 2 decimals',
  enabled: 'Choose whether the supplier is on',
  refused: 'The supplier refused this API key and secret: check them and try again',
  unreachable: 'The supplier could not be reached to check the credentials: try again in a moment',
  notConnected: 'Save the supplier’s credentials before importing',
  noConnection: 'This supplier is not connected',
  removeBooked: 'This supplier holds bookings still to come: switch it off to stop selling its hotels, and disconnect it once they are over',
  removeImporting: 'An import is running: wait for it to finish before disconnecting',
  importRunning: 'An import is already running: wait for it to finish',
  noImportRunning: 'No import is running',
  importStopped: 'Stopped from the console',
  noSuchHotel: 'No such hotel from this supplier',
  search: 'Search by at most 100 characters of a name, a city or a hotel code',
  page: 'Use a page number from 1 to 10,000',
  onSale: 'Say whether the hotel is on sale (true or false)',
  day: 'Use a day as YYYY-MM-DD',
  dayOrder: 'The last day comes on or after the first',
  dayRange: 'Reconcile at most a year at a time',
} as const;
