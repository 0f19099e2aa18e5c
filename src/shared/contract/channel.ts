// Channel managers (docs/contract.md#rooms-rates-and-availability, docs/decisions/0058-ota-xml.md): the credentials the
// console gives them and the address their OpenTravel messages go to.
import { z } from 'zod';

/** Where a channel manager posts its OTA_HotelAvailNotifRQ and OTA_HotelRateAmountNotifRQ, with HTTP Basic credentials. */
export const CHANNEL_OTA_PATH = '/api/channel/ota';

/** The largest OTA message taken (a year of rates for a few rooms and plans fits many times over). */
export const CHANNEL_MAX_BYTES = 1024 * 1024;

/** The media types an OTA message may be sent as. */
export const OTA_MEDIA_TYPES = ['application/xml', 'text/xml'] as const;

/** How many credentials one org may hold at once (one or two per channel manager is the usual need). */
export const MAX_CHANNEL_CREDENTIALS = 20;

/** A credential's username: `cm-` and 16 letters and digits (made by the server, never chosen). */
export const ChannelUsernameSchema = z.string().regex(/^cm-[a-z2-7]{16}$/);

export const ChannelCredentialSchema = z.object({
  username: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ChannelCredential = z.infer<typeof ChannelCredentialSchema>;

/** A credential as made: the password is in this answer only (it is kept hashed). */
export const ChannelCredentialCreatedSchema = z.object({ username: z.string(), password: z.string() });

export const ChannelCredentialRevokedSchema = z.object({ username: z.string() });
