// Whether a spec's SQL holds more than one statement (string literals aside): node:sqlite's prepare compiles only the
// first, so the helpers run such SQL whole instead of dropping the rest unseen.

/** True when `sql` has a statement after its first (a `;` followed by more than spaces, outside quoted text). */
export function holdsSeveralStatements(sql: string): boolean {
  const bare = sql.replace(/'(?:[^']|'')*'/g, "''").replace(/--[^\n]*/g, '');
  return /;\s*\S/.test(bare);
}
