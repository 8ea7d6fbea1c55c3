-- Searches whose cost is bounded whatever is typed (issue 42, docs/public-api.md "Search").
--
-- A name as a search compares it: lowercase, every run of characters that are neither letters nor
-- digits one space, trimmed ("The-Other!" → "the other"). The search's side is its words joined by
-- one space (lib/catalogue/search-words.ts) passed through the same function, so punctuation
-- never makes two searches differ, and a search is remembered by its words alone.
CREATE FUNCTION "catalogue_name_key"(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE INDEX "apps_public_name_key_idx" ON "apps" USING btree (catalogue_name_key("name")) WHERE "apps"."public";
--> statement-breakpoint
-- As in migration 0013, except that a word of one or two characters matches whole words only: as
-- a prefix, "a" alone expanded to every lexeme beginning with it (thousands), and sixteen such
-- words cost ~1.4 s of the database's time at 100,000 apps.
CREATE OR REPLACE FUNCTION "catalogue_query"(words text[], document text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  one tsquery;
  result tsquery;
  mark text := CASE document WHEN 'listing' THEN '§' ELSE '' END;
  prefix text;
BEGIN
  FOREACH word IN ARRAY coalesce(words, '{}') LOOP
    prefix := CASE WHEN char_length(word) >= 3 THEN ':*' ELSE '' END;
    one := to_tsquery('english', word || prefix) || to_tsquery('simple', word || prefix);
    IF numnode(one) > 0 THEN
      FOR size IN 4 .. least(char_length(word) - 1, 24) LOOP
        one := one || quote_literal(mark || left(word, size))::tsquery;
      END LOOP;
      result := CASE WHEN result IS NULL THEN one ELSE result && one END;
    END IF;
  END LOOP;
  RETURN result;
END $$;
