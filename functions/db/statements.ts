// What the SQL modules share about running statements.

/** Runs a conditional write and says whether it changed exactly one row: of any number of concurrent attempts, one wins. */
export async function changedOne(statement: D1PreparedStatement): Promise<boolean> {
  const r = await statement.run();
  return r.meta.changes === 1;
}
