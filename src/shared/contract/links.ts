// Marketing links' wire shapes (/api/admin/links, /api/referral/my-link): one schema per form, used by the console's
// forms and by the API (docs/contract.md#marketing-links).
import { z } from 'zod';
import { LINK_MSG } from './links-text';

export { LINK_MSG } from './links-text';

/** Letters, digits and dashes: safe in a path, a file name and a QR code, whatever the case. */
export const SLUG_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{1,62}[A-Za-z0-9])$/;
const CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;
const NO_CONTROLS = /^[^\u0000-\u001f\u007f]*$/;

export const SlugSchema = z.string().regex(SLUG_RE, LINK_MSG.slug);
export const CampaignSchema = z.string().regex(CODE_RE, LINK_MSG.campaign);
const Utm = z.string().trim().max(100, LINK_MSG.utm).regex(NO_CONTROLS, LINK_MSG.utm).optional();
/** Empty strings from a form are the same as leaving a field out. */
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const LinkCreateSchema = z.object({
  destination: z.string().trim().min(1, LINK_MSG.destination).max(2048, LINK_MSG.destination),
  slug: z.preprocess(blankAsMissing, SlugSchema.optional()),
  referral_code: z.preprocess(blankAsMissing, z.string().regex(CODE_RE, LINK_MSG.referralCode).optional()),
  campaign: z.preprocess(blankAsMissing, CampaignSchema.optional()),
  utm_source: z.preprocess(blankAsMissing, Utm),
  utm_medium: z.preprocess(blankAsMissing, Utm),
  utm_campaign: z.preprocess(blankAsMissing, Utm),
});
export type LinkCreate = z.infer<typeof LinkCreateSchema>;

/** An empty string clears the field (a link without a campaign or a UTM parameter). */
const clearable = (schema: z.ZodType<string>) => z.union([z.literal(''), schema]).optional();

/** PATCH /api/admin/links/{slug}: what a link may change (its name, referral and owner stay), archived included. */
export const LinkPatchSchema = z
  .object({
    destination: z.string().trim().min(1, LINK_MSG.destination).max(2048, LINK_MSG.destination).optional(),
    campaign: clearable(CampaignSchema),
    utm_source: clearable(z.string().trim().max(100, LINK_MSG.utm).regex(NO_CONTROLS, LINK_MSG.utm)),
    utm_medium: clearable(z.string().trim().max(100, LINK_MSG.utm).regex(NO_CONTROLS, LINK_MSG.utm)),
    utm_campaign: clearable(z.string().trim().max(100, LINK_MSG.utm).regex(NO_CONTROLS, LINK_MSG.utm)),
    archived: z.boolean(LINK_MSG.archived).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), LINK_MSG.nothingToChange);
export type LinkPatch = z.infer<typeof LinkPatchSchema>;

export const QR_MIN_PX = 256;
export const QR_MAX_PX = 2048;
/** The sizes the console offers (any whole number in the range is accepted). */
export const QR_SIZES = [256, 512, 1024, 2048] as const;

/** GET /r/{slug}/qr.svg and /qr.png: the image's width in pixels, and whether it comes as a file to save. */
export const QrQuerySchema = z.object({
  size: z
    .string()
    .regex(/^\d{1,5}$/, LINK_MSG.qrSize)
    .transform(Number)
    .refine((n) => n >= QR_MIN_PX && n <= QR_MAX_PX, LINK_MSG.qrSize)
    .optional(),
  download: z.enum(['0', '1'], LINK_MSG.download).optional(),
});
export type QrQuery = z.infer<typeof QrQuerySchema>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, LINK_MSG.day).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), LINK_MSG.day);
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

export const StatsQuerySchema = z
  .object({ from: Day.optional(), to: Day.optional(), format: z.enum(['json', 'csv']).optional() })
  .refine((q) => !q.from || !q.to || (q.from <= q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_RANGE_DAYS), {
    message: LINK_MSG.range,
    path: ['from'],
  });
export type StatsQuery = z.infer<typeof StatsQuerySchema>;

/** Where a link leads and what it tags the visit with: the same fields stored (functions/db/links.ts) and answered. */
export interface LinkTarget {
  destination: string;
  referral_code: string;
  campaign: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

// ---- replies --------------------------------------------------------------------------------------------------------

/** A link just made (POST /api/admin/links). */
export const LinkCreatedSchema = z.object({ slug: z.string(), short_url: z.string() });

/** One of the org's links with its figures to date (GET /api/admin/links). */
export const LinkEntrySchema = z.object({
  slug: z.string(),
  short_url: z.string(),
  destination: z.string(),
  referral_code: z.string(),
  campaign: z.string(),
  utm_source: z.string(),
  utm_medium: z.string(),
  utm_campaign: z.string(),
  created_at: z.string(),
  /** Archived links leave the console's list; their short address still leads where it did (printed QR codes keep working). */
  archived: z.boolean(),
  clicks: z.number(),
  unique_visitors: z.number(),
  signups: z.number(),
  first_bookings: z.number(),
});
export type LinkEntry = z.output<typeof LinkEntrySchema>;

export const DayFiguresSchema = z.object({
  day: z.string(),
  clicks: z.number(),
  unique_visitors: z.number(),
  signups: z.number(),
  bookings: z.number(),
  revenue: z.number(),
});
export type DayFigures = z.output<typeof DayFiguresSchema>;

/** A link's (or a campaign's links') figures over a range of days (GET …/stats; the same by day as CSV with format=csv). */
export const LinkStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  clicks: z.number(),
  unique_visitors: z.number(),
  signups: z.number(),
  first_bookings: z.number(),
  revenue: z.number(),
  currency: z.string(),
  /** Sign-ups per unique visitor, 0 to 1 (0 without visitors). */
  conversion: z.number(),
  by_day: z.array(DayFiguresSchema),
  by_country: z.array(z.object({ country: z.string(), clicks: z.number() })),
  by_referrer: z.array(z.object({ referrer: z.string(), clicks: z.number() })),
  by_device: z.array(z.object({ device: z.enum(['desktop', 'mobile', 'tablet']), clicks: z.number() })),
});
export type LinkStats = z.output<typeof LinkStatsSchema>;

/** The member's own short link (GET /api/referral/my-link). */
export const MemberLinkSchema = z.object({ slug: z.string(), short_url: z.string(), long_url: z.string() });

/** The days from `from` to `to`, both included (YYYY-MM-DD, UTC). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
