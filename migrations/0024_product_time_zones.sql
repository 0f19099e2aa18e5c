-- Each product keeps its own clock: cancellation deadlines are read in the hotel's IANA time zone (docs/decisions/0033-date-range-and-hotel-time.md).
ALTER TABLE products ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
UPDATE products SET time_zone = CASE city
  WHEN 'New York' THEN 'America/New_York'
  WHEN 'Paris' THEN 'Europe/Paris'
  WHEN 'London' THEN 'Europe/London'
  WHEN 'Barcelona' THEN 'Europe/Madrid'
  WHEN 'Rome' THEN 'Europe/Rome'
  WHEN 'Tokyo' THEN 'Asia/Tokyo'
  WHEN 'Lisbon' THEN 'Europe/Lisbon'
  WHEN 'Cancún' THEN 'America/Cancun'
  WHEN 'Orlando' THEN 'America/New_York'
  WHEN 'Honolulu' THEN 'Pacific/Honolulu'
  WHEN 'Sydney' THEN 'Australia/Sydney'
  WHEN 'Miami' THEN 'America/New_York'
  ELSE time_zone END;
