// The console's inventory on the wire (docs/contract.md#rooms-rates-and-availability): a product, its room types and
// rate plans, and their nights (ARI) as ranges the way channel managers send them. One schema per form, used by the
// console's forms and by the API; the replies below them.
import { z } from 'zod';
import { LANGUAGES } from '../i18n/types';
import { addDays } from '../rules/booking-dates';
import { isTimeZone } from '../rules/cancellation';
import { BOARDS } from '../rules/stay-rates';
import { PRODUCT_TYPES } from '../rules/wallet';
import { ARI_MAX_NIGHTS, ARI_MAX_UPDATES, INVENTORY_MSG as M } from './inventory-text';
import { SUPPLIERS } from './supplier-text';

export { ARI_MAX_NIGHTS, ARI_MAX_UPDATES, INVENTORY_MSG, isNightly, NIGHTLY_TYPES } from './inventory-text';

export const PRODUCT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
/** The most an amount may be, in USD minor units (1,000,000 USD). */
export const MAX_USD_MINOR = 100_000_000;

const plain = (s: string) => !/[\u0000-\u001f<>]/.test(s);
const text = (max: number, message: string, min = 0) => z.string(message).trim().min(min, message).max(max, message).refine(plain, message);
const int = (min: number, max: number, message: string) => z.number(message).int(message).min(min, message).max(max, message);
const flag = z.boolean(M.flag);
const usdMinor = (message: string) => int(0, MAX_USD_MINOR, message);

/** A code as channel managers send it (OpenTravel's HotelCode, InvTypeCode, RatePlanCode). */
export const CodeSchema = z.string(M.code).trim().regex(/^[A-Za-z0-9._-]{1,40}$/, M.code);

/** A name in English and, if the org writes them, French and Spanish (an empty one is left out). */
export const NamesSchema = z
  .strictObject(
    {
      'en-US': text(80, M.roomName, 1),
      'fr-FR': text(80, M.roomName).optional(),
      'es-ES': text(80, M.roomName).optional(),
    },
    M.roomName,
  )
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, v]) => v)) as { 'en-US': string; 'fr-FR'?: string; 'es-ES'?: string });

const Description = z.strictObject(
  Object.fromEntries(LANGUAGES.map((l) => [l, text(4000, M.description).optional()])) as Record<(typeof LANGUAGES)[number], z.ZodOptional<ReturnType<typeof text>>>,
  M.description,
);

const TimeZone = z
  .string(M.timeZone)
  .trim()
  .max(64, M.timeZone)
  .refine((zone) => /^[A-Za-z_+\-/0-9]+$/.test(zone) && isTimeZone(zone), M.timeZone)
  .transform((zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone);

/** A time of day on the hotel's clock, as HH:MM (24 hours): a stay's check-in or check-out (migration 0038). */
export const STAY_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** What a product has until the console says otherwise (migration 0038's defaults). */
export const STAY_DEFAULTS = { checkIn: '15:00', checkOut: '11:00' } as const;
const StayTime = (message: string) => z.string(message).trim().regex(STAY_TIME, message);

const productFields = {
  type: z.enum(PRODUCT_TYPES, M.type),
  name: text(120, M.name, 1),
  city: text(80, M.city, 1),
  country: z.string(M.country).trim().regex(/^[A-Za-z]{2}$/, M.country).transform((c) => c.toUpperCase()),
  address: text(200, M.address),
  latitude: z.number(M.latitude).min(-90, M.latitude).max(90, M.latitude),
  longitude: z.number(M.longitude).min(-180, M.longitude).max(180, M.longitude),
  time_zone: TimeZone,
  check_in_time: StayTime(M.checkInTime),
  check_out_time: StayTime(M.checkOutTime),
  code: CodeSchema,
  description: Description,
  amenities: z.array(text(60, M.amenities, 1), M.amenities).max(40, M.amenities),
  rating: z.number(M.rating).min(0, M.rating).max(5, M.rating),
  /** An activity's price per person; a nightly product is priced in its calendar. */
  price_usd_minor: usdMinor(M.price),
  status: z.enum(PRODUCT_STATUSES, M.status),
};

/** POST /api/admin/products. */
export const ProductCreateSchema = z.strictObject({
  ...productFields,
  address: productFields.address.optional(),
  code: productFields.code.optional(),
  check_in_time: productFields.check_in_time.optional(),
  check_out_time: productFields.check_out_time.optional(),
  description: productFields.description.optional(),
  amenities: productFields.amenities.optional(),
  rating: productFields.rating.optional(),
  price_usd_minor: productFields.price_usd_minor.optional(),
  status: productFields.status.optional(),
});
export type ProductCreate = z.output<typeof ProductCreateSchema>;

/** PATCH /api/admin/products/{id}: any of the same fields, and the status. */
export const ProductPatchSchema = z
  .strictObject(productFields)
  .partial()
  .refine((p) => Object.keys(p).length > 0, M.nothingToChange);
export type ProductPatch = z.output<typeof ProductPatchSchema>;

// ---- room types and rate plans -----------------------------------------------------------------------------------

const roomFields = {
  code: CodeSchema,
  name: NamesSchema,
  max_adults: int(1, 20, M.maxAdults),
  max_children: int(0, 20, M.maxChildren),
  max_occupancy: int(1, 40, M.maxOccupancy),
  units: int(0, 10_000, M.units),
};

/** A room type's guests hold together: the most guests is at least its adults and at most its adults and children. */
export function roomIssues(r: { max_adults: number; max_children: number; max_occupancy: number }): { path: string; message: string }[] {
  return r.max_occupancy < r.max_adults || r.max_occupancy > r.max_adults + r.max_children ? [{ path: 'max_occupancy', message: M.occupancyRange }] : [];
}

/** POST /api/admin/products/{id}/rooms (the contract's room type without its id). */
export const RoomCreateSchema = z
  .strictObject({ ...roomFields, max_children: roomFields.max_children.default(0) })
  .superRefine((r, ctx) => {
    for (const issue of roomIssues(r)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type RoomCreate = z.output<typeof RoomCreateSchema>;

/** PATCH /api/admin/products/{id}/rooms/{room_id}: any of the same fields (the room as it would be is checked whole). */
export const RoomPatchSchema = z
  .strictObject(roomFields)
  .partial()
  .refine((p) => Object.keys(p).length > 0, M.nothingToChange);
export type RoomPatch = z.output<typeof RoomPatchSchema>;

const RoomIds = z
  .array(z.number(M.roomIds).int(M.roomIds).positive(M.roomIds).max(2 ** 31, M.roomIds), M.roomIds)
  .min(1, M.roomIds)
  .max(100, M.roomIds)
  .transform((ids) => [...new Set(ids)]);

const planFields = {
  code: CodeSchema,
  name: NamesSchema,
  board: z.enum(BOARDS, M.board),
  refundable: flag,
  free_cancellation_days: int(0, 365, M.freeDays).nullable(),
  cancellation_fee_percent: int(0, 100, M.feePercent).nullable(),
  base_occupancy: int(1, 40, M.baseOccupancy),
  extra_adult_usd_minor: usdMinor(M.money),
  child_usd_minor: usdMinor(M.money),
  child_free_under: int(0, 18, M.childAge),
  room_ids: RoomIds,
};

/** POST /api/admin/products/{id}/rate-plans (the contract's rate plan without its id). */
export const RatePlanCreateSchema = z.strictObject({
  ...planFields,
  board: planFields.board.default('RO'),
  refundable: planFields.refundable.default(true),
  free_cancellation_days: planFields.free_cancellation_days.default(null),
  cancellation_fee_percent: planFields.cancellation_fee_percent.default(null),
  base_occupancy: planFields.base_occupancy.default(2),
  extra_adult_usd_minor: planFields.extra_adult_usd_minor.default(0),
  child_usd_minor: planFields.child_usd_minor.default(0),
  child_free_under: planFields.child_free_under.default(0),
});
export type RatePlanCreate = z.output<typeof RatePlanCreateSchema>;

/** PATCH /api/admin/products/{id}/rate-plans/{rate_plan_id}. */
export const RatePlanPatchSchema = z
  .strictObject(planFields)
  .partial()
  .refine((p) => Object.keys(p).length > 0, M.nothingToChange);
export type RatePlanPatch = z.output<typeof RatePlanPatchSchema>;

const idParam = (message: string) => z.coerce.number(message).int(message).positive(message).max(2 ** 31, message);
export const RoomIdSchema = idParam(M.noSuchRoom);
export const RatePlanIdSchema = idParam(M.noSuchPlan);

// ---- rates and availability (ARI) --------------------------------------------------------------------------------

const today = () => new Date().toISOString().slice(0, 10);
/** A real calendar day written YYYY-MM-DD. */
const isDay = (s: unknown): s is string => {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
};
const Night = z.iso.date(M.day).refine(isDay, M.day);

/** Nights from `from` to `to`, both included. */
export const nightCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
/** The ISO weekday of a night: 1 Monday … 7 Sunday. */
export const isoWeekday = (night: string) => ((new Date(`${night}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const ARI_SETTINGS = ['price_usd_minor', 'units', 'min_stay', 'max_stay', 'closed_to_arrival', 'closed_to_departure', 'stop_sell'] as const;

/** One range of nights of a room type (and one of its rate plans, or all of them) and what to set on them. */
export const AriUpdateSchema = z
  .strictObject({
    room_id: z.number(M.roomOfProduct).int(M.roomOfProduct).positive(M.roomOfProduct).max(2 ** 31, M.roomOfProduct),
    rate_plan_id: z.number(M.planSellsRoom).int(M.planSellsRoom).positive(M.planSellsRoom).max(2 ** 31, M.planSellsRoom).optional(),
    from: Night,
    to: Night,
    weekdays: z
      .array(int(1, 7, M.weekdays), M.weekdays)
      .min(1, M.weekdays)
      .max(7, M.weekdays)
      .transform((days) => [...new Set(days)].sort())
      .optional(),
    /** Null: the nights are not for sale under the plan. */
    price_usd_minor: usdMinor(M.money).nullable().optional(),
    units: int(0, 10_000, M.units).optional(),
    min_stay: int(1, 365, M.minStay).optional(),
    max_stay: int(1, 365, M.maxStay).nullable().optional(),
    closed_to_arrival: flag.optional(),
    closed_to_departure: flag.optional(),
    stop_sell: flag.optional(),
  })
  .superRefine((u, ctx) => {
    // A field refused on its own is already named; the rules between fields read real days only.
    if (!isDay(u.from) || !isDay(u.to)) return;
    const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (u.from < addDays(today(), -1)) issue(['from'], M.past);
    if (u.from > u.to || nightCount(u.from, u.to) > ARI_MAX_NIGHTS) issue(['to'], M.range);
    else if (u.weekdays && !Array.from({ length: Math.min(7, nightCount(u.from, u.to)) }, (_, i) => isoWeekday(addDays(u.from, i))).some((d) => u.weekdays!.includes(d))) {
      issue(['weekdays'], M.noWeekday);
    }
    if (u.min_stay !== undefined && typeof u.max_stay === 'number' && u.min_stay > u.max_stay) issue(['max_stay'], M.stayRange);
    if (!ARI_SETTINGS.some((k) => u[k] !== undefined)) issue([], M.nothingToSet);
  });
export type AriUpdateInput = z.output<typeof AriUpdateSchema>;

/** POST /api/admin/products/{id}/ari: every update applies, or none. */
export const AriBodySchema = z.strictObject({ updates: z.array(AriUpdateSchema, M.updates).min(1, M.updates).max(ARI_MAX_UPDATES, M.updates) }, M.updates);
export type AriBody = z.output<typeof AriBodySchema>;

const blank = (v: unknown) => (v === '' ? undefined : v);
/** The range a grid read shows: four weeks from today when left out, or from its first night. */
export const ariRange = (q: { from?: string; to?: string }) => {
  const from = q.from ?? today();
  return { from, to: q.to ?? addDays(from, 27) };
};
/** GET /api/admin/products/{id}/ari?from=&to= (both nights included; see ariRange when left out). */
export const AriQuerySchema = z
  .object({ from: z.preprocess(blank, Night.optional()), to: z.preprocess(blank, Night.optional()) })
  .superRefine((q, ctx) => {
    if ((q.from !== undefined && !isDay(q.from)) || (q.to !== undefined && !isDay(q.to))) return;
    const { from, to } = ariRange(q);
    if (from > to || nightCount(from, to) > ARI_MAX_NIGHTS) ctx.addIssue({ code: 'custom', path: ['to'], message: M.range });
  });

// ---- replies -------------------------------------------------------------------------------------------------------

export const NamesReplySchema = z.object({ 'en-US': z.string(), 'fr-FR': z.string().optional(), 'es-ES': z.string().optional() });

export const RoomTypeSchema = z.object({
  room_id: z.number(),
  code: z.string(),
  name: NamesReplySchema,
  max_adults: z.number(),
  max_children: z.number(),
  max_occupancy: z.number(),
  units: z.number(),
});
export type RoomTypeEntry = z.output<typeof RoomTypeSchema>;

export const RatePlanSchema = z.object({
  rate_plan_id: z.number(),
  code: z.string(),
  name: NamesReplySchema,
  board: z.enum(BOARDS),
  refundable: z.boolean(),
  free_cancellation_days: z.number().nullable(),
  cancellation_fee_percent: z.number().nullable(),
  base_occupancy: z.number(),
  extra_adult_usd_minor: z.number(),
  child_usd_minor: z.number(),
  child_free_under: z.number(),
  room_ids: z.array(z.number()),
});
export type RatePlanEntry = z.output<typeof RatePlanSchema>;

/** A product as the console edits it, with its room types and rate plans. */
export const AdminProductDetailSchema = z.object({
  product_id: z.number(),
  code: z.string(),
  type: z.enum(PRODUCT_TYPES),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  time_zone: z.string(),
  /** Check-in and check-out on the hotel's clock (HH:MM); an activity has them too, unused. */
  check_in_time: z.string(),
  check_out_time: z.string(),
  description: z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string().optional()])) as Record<(typeof LANGUAGES)[number], z.ZodOptional<z.ZodString>>),
  amenities: z.array(z.string()),
  rating: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  /** An activity's price per person; a nightly product's lowest priced night from today on. */
  price_usd_minor: z.number(),
  photos: z.number(),
  /** Something of it can be sold: a priced night to come (a nightly product), or an active activity. */
  bookable: z.boolean(),
  rooms: z.array(RoomTypeSchema),
  rate_plans: z.array(RatePlanSchema),
  /** Only for a bed bank's hotel: the supplier that brought it (only its sale changes in the console). */
  source: z.enum(SUPPLIERS).optional(),
});
export type AdminProductDetail = z.output<typeof AdminProductDetailSchema>;

export const RoomRemovedSchema = z.object({ room_id: z.number() });
export const RatePlanRemovedSchema = z.object({ rate_plan_id: z.number() });
export const AriChangedSchema = z.object({ nights_changed: z.number() });

export const AriRateNightSchema = z.object({
  rate_plan_id: z.number(),
  price_usd_minor: z.number().nullable(),
  min_stay: z.number(),
  max_stay: z.number().nullable(),
  closed_to_arrival: z.boolean(),
  closed_to_departure: z.boolean(),
  stop_sell: z.boolean(),
});

/** The calendar grid: every night of the range for every room type, with each plan selling it. */
export const AriGridSchema = z.object({
  from: z.string(),
  to: z.string(),
  rooms: z.array(
    z.object({
      room_id: z.number(),
      nights: z.array(z.object({ date: z.string(), units: z.number(), sold: z.number(), stop_sell: z.boolean(), rates: z.array(AriRateNightSchema) })),
    }),
  ),
});
export type AriGrid = z.output<typeof AriGridSchema>;
