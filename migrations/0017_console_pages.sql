-- The console's pages: the theme's checked values beside its stylesheet (the brand form reads them back), and when
-- the org went live from the launch checklist.
ALTER TABLE org_themes ADD COLUMN source TEXT NOT NULL DEFAULT '';
ALTER TABLE orgs ADD COLUMN live_at TEXT;
