// Rooms, rates and availability for the seed's products (docs/contract.md#rooms-rates-and-availability): every nightly
// product gets its standard room and rate carrying its price (seed/default-inventory.sql, shared with the migration).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_INVENTORY_SQL = readFileSync(join(import.meta.dirname, '..', 'default-inventory.sql'), 'utf8');

export default function roomsAndRates() {
  return DEFAULT_INVENTORY_SQL;
}
