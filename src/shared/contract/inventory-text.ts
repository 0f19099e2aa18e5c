// The console's inventory messages (products, room types, rate plans and their nights) without their schemas
// (docs/decisions/0039-page-weight-by-interaction.md): the console's form hook shows them on every console page.
// contract/inventory.ts re-exports them.

/** The types sold night by night (room types and rate plans); an activity keeps its price per person. */
export const NIGHTLY_TYPES = ['HLT', 'RST', 'STY'] as const;
export const isNightly = (type: string) => (NIGHTLY_TYPES as readonly string[]).includes(type);

/** At most this many nights in one range of the calendar (a change or a read). */
export const ARI_MAX_NIGHTS = 400;
/** At most this many ranges in one change. */
export const ARI_MAX_UPDATES = 100;

export const INVENTORY_MSG = {
  type: 'Choose hotel, activity, resort or stay',
  name: 'Enter a name of 1 to 120 characters, without angle brackets',
  city: 'Enter a city of 1 to 80 characters',
  country: 'Enter the country as its two-letter code, such as FR',
  address: 'An address is at most 200 characters',
  latitude: 'Enter a latitude from -90 to 90',
  longitude: 'Enter a longitude from -180 to 180',
  timeZone: 'Choose a time zone such as Europe/Paris',
  checkInTime: 'Enter the check-in time as HH:MM, such as 15:00',
  checkOutTime: 'Enter the check-out time as HH:MM, such as 11:00',
  code: 'A code is 1 to 40 letters, digits, dots, dashes or underscores',
  defaultCode: 'Codes P followed by digits are kept for products’ own codes',
  description: 'A description is at most 4,000 characters, without angle brackets',
  amenities: 'List at most 40 amenities of at most 60 characters each',
  rating: 'Enter a rating from 0 to 5',
  status: 'Choose active or inactive',
  typeChange: 'An activity cannot become a hotel, resort or stay, nor the other way round',
  priceNightly: 'A hotel, resort or stay is priced night by night in its calendar',
  price: 'Enter a price in USD from 0 to 1,000,000',
  productCodeTaken: 'Another product of this site has this code',
  productTaken: 'A product of this type with this name already exists in this city',
  noSuchProduct: 'No such product',
  roomName: 'Give the name in English (en-US), and in French and Spanish if you wish: 1 to 80 characters each',
  maxAdults: 'Enter a number of adults from 1 to 20',
  maxChildren: 'Enter a number of children from 0 to 20',
  maxOccupancy: 'Enter a number of guests from 1 to 40',
  occupancyRange: 'The most guests is at least the adults and at most the adults and children together',
  units: 'Enter a number of rooms from 0 to 10,000',
  roomCodeTaken: 'Another room type of this product has this code',
  noSuchRoom: 'No such room type',
  roomBooked: 'This room type has bookings still to come: it cannot be removed, or made smaller, until they are past',
  notNightly: 'Only hotels, resorts and stays have room types',
  board: 'Choose room only, breakfast, half board, full board or all inclusive',
  flag: 'Choose yes or no',
  freeDays: 'Enter a number of days from 0 to 365',
  feePercent: 'Enter a percentage from 0 to 100',
  baseOccupancy: 'Enter a number of guests from 1 to 40',
  money: 'Enter an amount in USD from 0 to 1,000,000',
  childAge: 'Enter an age from 0 to 18',
  roomIds: 'Choose at least one room type of this product',
  planCodeTaken: 'Another rate plan of this product has this code',
  noSuchPlan: 'No such rate plan',
  planBooked: 'This rate plan has bookings still to come: it cannot be removed, nor stop selling a room type they use, until they are past',
  nothingToChange: 'Send at least one field to change',
  day: 'Use a date as YYYY-MM-DD',
  past: 'Choose nights from yesterday on',
  range: `The first night comes on or before the last, at most ${ARI_MAX_NIGHTS} nights apart`,
  weekdays: 'Weekdays are numbers from 1 (Monday) to 7 (Sunday)',
  noWeekday: 'None of the chosen weekdays falls in these nights',
  updates: `Send 1 to ${ARI_MAX_UPDATES} changes`,
  nothingToSet: 'Say what to set: price, rooms, stays, closures or stop sell',
  minStay: 'Enter a number of nights from 1 to 365',
  maxStay: 'Enter a number of nights from 1 to 365, or leave it empty',
  stayRange: 'The shortest stay is at most the longest',
  roomOfProduct: 'This room type is not one of this product’s',
  planSellsRoom: 'This rate plan does not sell this room type',
  importedHotel: 'This hotel comes from the bed bank: its content, rooms and rates are the supplier’s. Only whether it is on sale can change here',
  noPlanForRoom: 'No rate plan sells this room type yet: add one first',
} as const;
