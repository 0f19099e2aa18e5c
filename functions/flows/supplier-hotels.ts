// The bed bank's hotels in the console (docs/contract.md section 18, decision 0068 amended): an org admin finds the
// imported hotels apart from the org's own products (paged on the server, by name, city or code), reads one (its
// name and city in each language, its room types, read-only: they are the supplier's) and takes it off sale or puts
// it back. Off sale is the product's INACTIVE status: the search, the suggestions and its page leave it out, as an own
// product that is not active, and the import never writes the status, so a re-run keeps the admin's choice.
import { notFound } from '../errors';
import type { Actor } from '../db/console';
import { roomsAndPlans } from '../db/ari';
import { imagesOf } from '../db/products';
import { setSupplierHotelStatus, supplierHotel, supplierHotelsPage, type SupplierHotelRow } from '../db/supplier-hotels';
import { LANGUAGES } from '../../src/shared/i18n/types';
import {
  SUPPLIER_HOTELS_PER_PAGE, SUPPLIER_MSG, type Supplier, type SupplierHotel, type SupplierHotelDetail, type SupplierHotelsPage,
} from '../../src/shared/contract/suppliers';

/** The org, with the language its console reader reads (hotel names and cities are translated content). */
export interface HotelsOrg { id: number; default_language: string; shown?: string }

const listed = (row: SupplierHotelRow): SupplierHotel => ({
  product_id: row.id,
  supplier_code: row.supplier_code,
  name: row.shown_name ?? row.name,
  city: row.shown_city ?? row.city,
  country: row.country,
  photos: row.photos,
  cover: imagesOf(row)[0] ?? '',
  on_sale: row.status === 'ACTIVE',
});

const shownLanguage = (org: HotelsOrg) => org.shown ?? org.default_language;

export async function listSupplierHotels(db: D1Database, org: HotelsOrg, supplier: Supplier, query: { q?: string; page?: number }): Promise<SupplierHotelsPage> {
  const page = query.page ?? 1;
  const perPage = SUPPLIER_HOTELS_PER_PAGE;
  const search = (query.q ?? '').trim().toLowerCase();
  const { rows, count } = await supplierHotelsPage(db, org.id, supplier, shownLanguage(org), search, perPage, (page - 1) * perPage);
  return { count, page, per_page: perPage, data: rows.map(listed) };
}

export async function supplierHotelDetail(db: D1Database, org: HotelsOrg, supplier: Supplier, productId: number): Promise<SupplierHotelDetail> {
  const [found, inventory] = await Promise.all([supplierHotel(db, org.id, supplier, productId, shownLanguage(org)), roomsAndPlans(db, org.id, productId)]);
  if (!found) throw notFound(SUPPLIER_MSG.noSuchHotel);
  const { row, texts } = found;
  // The product's own columns are in the org's default language; the others are its translations (the import writes them).
  const textIn = (lang: string, field: 'name' | 'city') => (lang === org.default_language ? row[field] : texts.find((t) => t.lang === lang)?.[field] || row[field]);
  const each = (field: 'name' | 'city') => Object.fromEntries(LANGUAGES.map((l) => [l, textIn(l, field)])) as SupplierHotelDetail['names'];
  return {
    ...listed(row),
    supplier,
    names: each('name'),
    cities: each('city'),
    address: row.address,
    rating: row.rating,
    rooms: inventory.rooms.map((r) => ({
      room_id: r.room_id,
      code: r.code,
      name: Object.fromEntries(LANGUAGES.map((l) => [l, r.name[l] || r.name['en-US'] || r.code])) as SupplierHotelDetail['names'],
      max_adults: r.max_adults,
      max_children: r.max_children,
      max_occupancy: r.max_occupancy,
    })),
  };
}

/** Takes the hotel off sale or puts it back (audited when it changes); answers the hotel as it now is. */
export async function setSupplierHotelOnSale(db: D1Database, org: HotelsOrg, actor: Actor, supplier: Supplier, productId: number, onSale: boolean): Promise<SupplierHotelDetail> {
  // 404 before anything is written for none, an own product, another supplier's or another org's.
  await supplierHotelDetail(db, org, supplier, productId);
  await setSupplierHotelStatus(db, org.id, actor, supplier, productId, onSale ? 'ACTIVE' : 'INACTIVE');
  return supplierHotelDetail(db, org, supplier, productId);
}
