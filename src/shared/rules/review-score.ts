// A product's review score from its stored aggregate (the count and sum of its visible reviews' scores, kept by the
// database's triggers): the average to one decimal, null without any review. The API and the pages read the same rule.
export function scoreOf(count: number, total: number): number | null {
  return count > 0 ? Math.round((total * 10) / count) / 10 : null;
}
