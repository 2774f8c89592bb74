-- The users screen's `%text%` username search at scale (issue 5, point 8).
-- account_search_grams: the lowercased characters and character pairs of a text. A text containing
-- `p` (ilike compares lowercased texts) has every gram of `p`, so `grams(username) @> grams(p)` is
-- a superset test a GIN index answers for the one- and two-character searches trigrams cannot
-- serve. Built-ins only and no FROM, so the planner inlines it (cheap when evaluated per row).
-- Pairs: the even and the odd pairs, split on \x01 (a text containing \x01 loses the pairs around
-- it; the search does not use this index for such a pattern).
CREATE FUNCTION account_search_grams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT string_to_array(lower(value), NULL)
        || string_to_array(regexp_replace(lower(value), '(..)(?=.)', E'\\1\x01', 'g'), E'\x01')
        || string_to_array(regexp_replace(substr(lower(value), 2), '(..)(?=.)', E'\\1\x01', 'g'), E'\x01')
  $$;--> statement-breakpoint
-- The lists' order (created_at desc, id desc) read backwards without a sort.
DROP INDEX "accounts_created_at";--> statement-breakpoint
-- Recreated with fastupdate off (see schema.ts): this also merges the pending list they had.
DROP INDEX "accounts_username_trgm";--> statement-breakpoint
DROP INDEX "accounts_email_trgm";--> statement-breakpoint
CREATE INDEX "accounts_username_grams" ON "accounts" USING gin (account_search_grams("username")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accounts_created_at" ON "accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_username_trgm" ON "accounts" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm" ON "accounts" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);
