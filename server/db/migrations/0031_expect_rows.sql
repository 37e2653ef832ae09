-- The guard of an optimistic write (server/db/sql.ts writeTogether with a guard, decision 022): a
-- statement of data-modifying CTEs ends with SELECT expect_rows((SELECT count(*) FROM w0), n),
-- where w0 is an UPDATE … RETURNING that keeps only the rows still as they were read. When it
-- changed fewer (or more) rows, another write got there first: raising serialization_failure
-- (40001) fails the whole statement, so none of its writes happen, and the server reads again and
-- retries (PostgreSQL manual, 13.4 "Serialization Failure Handling").
CREATE FUNCTION expect_rows(actual bigint, expected bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF actual <> expected THEN
    RAISE EXCEPTION 'a row changed since it was read (% of % written)', actual, expected
      USING ERRCODE = 'serialization_failure';
  END IF;
END;
$$;
