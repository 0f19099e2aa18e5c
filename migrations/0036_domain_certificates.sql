-- Custom domains as Cloudflare for SaaS reports them (CONTRACT.md section 19): the ownership check (the TXT record) and
-- the certificate (issued once the host's CNAME points at the platform's fallback origin) each have their status, and
-- the CNAME target the owner must publish is kept beside the TXT record. A host serves its org only when both are
-- active. A claim still pending 7 days after it was made lapses (derived from created_at, docs/decisions/0062).
ALTER TABLE custom_hostnames ADD COLUMN ownership_status TEXT NOT NULL DEFAULT 'pending';
ALTER TABLE custom_hostnames ADD COLUMN ssl_status TEXT NOT NULL DEFAULT 'pending_validation';
ALTER TABLE custom_hostnames ADD COLUMN cname_target TEXT;
UPDATE custom_hostnames SET ownership_status = 'active', ssl_status = 'active' WHERE status = 'active';
