// A sign-up, a profile or an agent's client refers to rows of the catalogue tables (migration 0002): they must exist.
import { catalogueRefsKnown } from '../db/catalogue';
import { badRequest, type Issue } from '../errors';

/** 400 naming every unknown reference; `prefix` and `names` give the fields their wire paths. */
export async function checkCatalogueRefs(
  db: D1Database,
  refs: { nationality?: number | null; language?: string; currency?: string | null },
  prefix: string,
  names: { nationality?: string; language?: string; currency?: string } = {},
) {
  const known = await catalogueRefsKnown(db, refs);
  const issues: Issue[] = [];
  if (!known.nationality) issues.push({ path: `${prefix}${names.nationality ?? 'nationality'}`, message: 'Unknown nationality' });
  if (!known.language) issues.push({ path: `${prefix}${names.language ?? 'language'}`, message: 'Unknown language' });
  if (!known.currency) issues.push({ path: `${prefix}${names.currency ?? 'currency'}`, message: 'Unknown currency' });
  if (issues.length) throw badRequest(`Invalid ${issues[0]!.path}: ${issues[0]!.message}`, issues);
}
