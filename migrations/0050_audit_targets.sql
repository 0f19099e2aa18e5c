-- Audit targets written with D1's text of a bound number ('product:84.0', 'cards:2.0') read as the console writes every
-- other target ('product:84'); the statements that wrote them now cast the number (tests/unit/sql-bound-text.test.ts).
UPDATE admin_audit SET target = substr(target, 1, length(target) - 2)
 WHERE action IN ('photo.add', 'photo.order', 'photo.remove', 'card.import')
   AND (target GLOB 'product:[0-9]*.0' OR target GLOB 'cards:[0-9]*.0');
