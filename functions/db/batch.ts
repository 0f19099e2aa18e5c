// Statements that must hold together: D1 runs a batch as one transaction (all of it or none).

/** Runs the statements (each built by its entity's file) in one transaction; the results in the same order. */
export const atomically = <T = unknown>(db: D1Database, statements: D1PreparedStatement[]) => db.batch<T>(statements);
