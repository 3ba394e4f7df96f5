-- The sign-in flow a serve ticket from `/enter` is bound to (the hash of the link origin's flow
-- cookie), or NULL for one bound to no browser. Stored beside the ticket's own hash, not mixed into
-- it, so that a browser without that flow spends the ticket, which then signs no one in (README
-- "Security": login CSRF).
ALTER TABLE serve_tickets ADD COLUMN flow_hash TEXT;
