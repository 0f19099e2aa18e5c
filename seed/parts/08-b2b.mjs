// B2B mode seed (docs/decisions/0011-b2b-mode.md): Travel Club (org 1, agent@example.com's org) sells through agents too,
// so its agents see net and sell prices on search and product pages; Acme (org 2, agent@acme.example.com) stays a consumer storefront.
export default function () {
  return ['UPDATE orgs SET b2b_mode = 1 WHERE id = 1;', 'UPDATE orgs SET b2b_mode = 0 WHERE id = 2;'].join('\n');
}
