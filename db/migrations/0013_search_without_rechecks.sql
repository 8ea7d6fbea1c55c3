-- Searches without rechecks (docs/benchmarks.md, "Search in Postgres"). A weight in a tsquery makes
-- Postgres recheck every match in its row, and a listing's document is large enough to be stored
-- compressed: a word in 30% of the catalogue cost ~15 µs per match to count. The name stems that
-- used weights (a typed "synchron" finds the name word "sync") now match marked lexemes instead:
-- each name word of 4 to 24 letters once more, behind "§", a character no parsed lexeme holds
-- (the search's words are letters and digits). The document drops positions and weights (strip):
-- nothing reads them, and it is smaller.
CREATE FUNCTION "catalogue_name_marks"(name text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(coalesce(array_agg('§' || lexeme), '{}'))
  FROM unnest(to_tsvector('english', name) || to_tsvector('simple', name))
  WHERE char_length(lexeme) BETWEEN 4 AND 24
$$;
--> statement-breakpoint
ALTER TABLE "apps" drop column "search_document";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (strip(to_tsvector('english', "apps"."name") || to_tsvector('simple', "apps"."name") || to_tsvector('english', "apps"."description") || to_tsvector('english', coalesce("apps"."long_description", ''))) || catalogue_name_marks("apps"."name")) STORED;--> statement-breakpoint
-- Kept in the row where it fits (the long description moves out first): a search that walks a sort
-- index tests each app's document, and one stored out of line costs a lookup and a decompression.
-- Rows written before this keep their document where it was until they are next written.
ALTER TABLE "apps" ALTER COLUMN "search_document" SET STORAGE MAIN;--> statement-breakpoint
-- Dropping the column dropped its index: the same partial GIN index again.
CREATE INDEX "apps_public_search_idx" ON "apps" USING gin ("search_document") WHERE "apps"."public";--> statement-breakpoint
-- lib/catalogue/search chooses between walking a sort index and collecting the matches itself; the
-- planner's larger statistics of migration 0011 only made planning each statement slower.
ALTER TABLE "apps" ALTER COLUMN "name_document" SET STATISTICS -1;
--> statement-breakpoint
DROP FUNCTION "catalogue_query"(text[]);
--> statement-breakpoint
-- A search's words as one tsquery over a document: every word must match (AND), each as a prefix
-- as Postgres normalises it (english stems or the word as typed), or, for a word of 5 letters or
-- more, as one of the name words it begins with, 4 to 24 letters long ("synchron" → "sync",
-- "synch", "synchr", ...): marked in the listing's document ('listing'), plain in the name's
-- ('name'). Words are letters and digits only (lib/catalogue/search-words.ts); those that normalise
-- to nothing (stop words) are left out; NULL when none is left, which matches nothing.
CREATE FUNCTION "catalogue_query"(words text[], document text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  one tsquery;
  result tsquery;
  mark text := CASE document WHEN 'listing' THEN '§' ELSE '' END;
BEGIN
  FOREACH word IN ARRAY coalesce(words, '{}') LOOP
    one := to_tsquery('english', word || ':*') || to_tsquery('simple', word || ':*');
    IF numnode(one) > 0 THEN
      FOR size IN 4 .. least(char_length(word) - 1, 24) LOOP
        one := one || quote_literal(mark || left(word, size))::tsquery;
      END LOOP;
      result := CASE WHEN result IS NULL THEN one ELSE result && one END;
    END IF;
  END LOOP;
  RETURN result;
END $$;
