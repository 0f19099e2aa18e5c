-- Go live (docs/decisions/0066-closed-start-and-console-bookings.md): an org made by the admin command starts closed
-- (its visitors see a "coming soon" page, its admins the site under a preview bar) until its admin goes live. Orgs
-- that exist already are open, as they were. Opening bumps the org's version, so no page kept for the closed org is
-- served once it is open (and none of the open site was ever kept for a visitor while it was closed).
ALTER TABLE orgs ADD COLUMN closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1));
