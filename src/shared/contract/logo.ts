// The org's logo on the wire (decision 0066): POST /api/admin/logo takes the image itself; GET /api/logos/{file} serves it.
import { z } from 'zod';
import { LOGO_FILE, LOGO_MSG, LOGO_TYPES } from '../rules/logo';

/** The upload's body: the image itself, whatever its Content-Type claims (the server reads the bytes). */
export const LOGO_UPLOAD_TYPES = [...LOGO_TYPES, 'application/octet-stream'] as const;
export const LogoBytesSchema = z.string().meta({ format: 'binary' });
export const LogoFileParamsSchema = z.object({ file: z.string().regex(LOGO_FILE, LOGO_MSG.noSuchLogo) });
export const LogoUploadedSchema = z.object({ logo_url: z.string() });
