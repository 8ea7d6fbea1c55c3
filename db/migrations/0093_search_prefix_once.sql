-- A search's word scans the index once for its prefix (issue 49, docs/benchmarks.md "Searches
-- nobody asked before"). As in migration 0054, except that the word as typed (`simple`) is left
-- out when its stem (`english`) already finds everything it finds: the same prefix ("report:*"
-- twice), or a stem that begins it ("reporting:*" is within "report:*"). Each operand of a tsquery
-- is a scan of its own in a GIN index (Postgres never merges two equal ones), and a prefix's scan
-- reads the posting lists of every lexeme it begins: a count of a common word read them twice.
-- What matches is unchanged. Words are letters, marks and digits only, so a lexeme's text form is
-- the word in quotes (with ":*" for a prefix).
CREATE OR REPLACE FUNCTION "catalogue_query"(words text[], document text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  one tsquery;
  stemmed tsquery;
  typed tsquery;
  result tsquery;
  mark text := CASE document WHEN 'listing' THEN '§' ELSE '' END;
  prefix text;
BEGIN
  FOREACH word IN ARRAY coalesce(words, '{}') LOOP
    prefix := CASE WHEN char_length(word) >= 3 THEN ':*' ELSE '' END;
    stemmed := to_tsquery('english', word || prefix);
    typed := to_tsquery('simple', word || prefix);
    one := CASE
      WHEN numnode(stemmed) = 1 AND numnode(typed) = 1
           AND (stemmed = typed OR (prefix <> '' AND starts_with(typed::text, left(stemmed::text, -3)))) THEN stemmed
      ELSE stemmed || typed
    END;
    IF numnode(one) > 0 THEN
      FOR size IN 4 .. least(char_length(word) - 1, 24) LOOP
        one := one || quote_literal(mark || left(word, size))::tsquery;
      END LOOP;
      result := CASE WHEN result IS NULL THEN one ELSE result && one END;
    END IF;
  END LOOP;
  RETURN result;
END $$;
