// The integration tests' direct reads of the local D1 file (tests/integration/gates-db.ts) cut a script into its
// statements: a semicolon inside a string, a quoted name or a comment does not end one.
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../integration/gates-db';

describe('statementsOf', () => {
  it('cuts at semicolons outside quotes, quoted names and comments', () => {
    expect(statementsOf("UPDATE a SET x = 'a;b' WHERE id = 1; SELECT \"c;d\", [e;f] FROM t -- note; here\n;  /* x; y */ SELECT 1;")).toEqual([
      "UPDATE a SET x = 'a;b' WHERE id = 1",
      'SELECT "c;d", [e;f] FROM t -- note; here',
      '/* x; y */ SELECT 1',
    ]);
  });

  it('keeps a single statement without a final semicolon, and drops empty ones', () => {
    expect(statementsOf('SELECT 1')).toEqual(['SELECT 1']);
    expect(statementsOf(' ; ;SELECT 2;;')).toEqual(['SELECT 2']);
  });
});
