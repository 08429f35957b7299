-- Saving, the hottest write (decisions 0011 and 0015), as a function: PL/pgSQL plans the statement
-- once per connection instead of at every batch (parsing and planning it took 2.8 ms of a 27-save
-- batch's 10). A plan made once must stay right however the tables grow after it was made, so every
-- lookup in it is a probe by seal (and account) through an index, and seq scans are off while it
-- plans: a plan made while the registrations table was nearly empty would otherwise scan it whole,
-- for every request of every batch, long after it had grown.
--
-- One row per request, in order (ord = its place in the arrays):
--   existing_ms   the account's registration of that seal before this statement, if any;
--   registered_ms the registration this statement made, if any;
--   had_place     a free place was found (so a missing registration lost a race);
--   saved_count   the seal's puris the account has saved, these included.
CREATE FUNCTION "register_seal_saves"(
  "seal_ids" text[],
  "account_ids" uuid[],
  "puri_numbers" text[],
  "request_times" timestamptz[],
  "max_owners" int
) RETURNS TABLE ("ord" bigint, "existing_ms" float8, "registered_ms" float8, "had_place" boolean, "saved_count" int)
LANGUAGE plpgsql
SET enable_seqscan = off
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM unnest(seal_ids, account_ids, puri_numbers, request_times)
      WITH ORDINALITY AS i(seal_id, account_id, numbers, now, ord)
  ), existing AS (
    SELECT i.ord, r.registered_at FROM input i
    CROSS JOIN LATERAL (
      SELECT r.registered_at FROM seal_registrations r
      WHERE r.seal_id = i.seal_id AND r.account_id = i.account_id LIMIT 1
    ) r
  ), newcomer AS (
    SELECT i.ord, i.seal_id, i.account_id, i.now,
      row_number() OVER (PARTITION BY i.seal_id ORDER BY i.ord) AS k
    FROM input i WHERE i.ord NOT IN (SELECT e.ord FROM existing e)
  ), free_place AS (
    SELECT s.seal_id, place.slot, row_number() OVER (PARTITION BY s.seal_id ORDER BY place.slot) AS k
    FROM (SELECT DISTINCT n.seal_id FROM newcomer n) s
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(taken.slot), '{}') AS slots FROM seal_registrations taken
      WHERE taken.seal_id = s.seal_id
    ) taken
    CROSS JOIN generate_series(1, max_owners) AS place(slot)
    WHERE place.slot <> ALL (taken.slots)
  ), placed AS (
    SELECT n.ord, n.seal_id, n.account_id, n.now, f.slot
    FROM newcomer n JOIN free_place f ON f.seal_id = n.seal_id AND f.k = n.k
  ), registered AS (
    INSERT INTO seal_registrations (seal_id, account_id, registered_at, slot)
    SELECT p.seal_id, p.account_id, p.now, p.slot FROM placed p
    ON CONFLICT DO NOTHING
    RETURNING seal_id, account_id, registered_at
  ), owner AS (
    SELECT i.ord, i.seal_id, i.account_id, i.numbers, i.now FROM input i
    WHERE i.ord IN (SELECT e.ord FROM existing e)
      OR (i.seal_id, i.account_id) IN (SELECT r.seal_id, r.account_id FROM registered r)
  ), saved AS (
    INSERT INTO saved_images (account_id, seal_id, puri_number, saved_at)
    SELECT o.account_id, o.seal_id, number, o.now FROM owner o, unnest(o.numbers::int[]) AS number
    ON CONFLICT DO NOTHING
    RETURNING account_id, seal_id
  ), saved_now AS (
    SELECT s.account_id, s.seal_id, count(*)::int AS n FROM saved s GROUP BY s.account_id, s.seal_id
  )
  SELECT i.ord,
    (extract(epoch FROM e.registered_at) * 1000)::float8,
    (extract(epoch FROM r.registered_at) * 1000)::float8,
    p.ord IS NOT NULL,
    -- The statement does not see its own inserts in saved_images: those are counted from saved.
    coalesce(saved_before.n, 0) + coalesce(saved_now.n, 0)
  FROM input i
  LEFT JOIN existing e ON e.ord = i.ord
  LEFT JOIN registered r ON r.seal_id = i.seal_id AND r.account_id = i.account_id
  LEFT JOIN placed p ON p.ord = i.ord
  LEFT JOIN saved_now ON saved_now.account_id = i.account_id AND saved_now.seal_id = i.seal_id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n FROM saved_images s WHERE s.account_id = i.account_id AND s.seal_id = i.seal_id
  ) saved_before
  ORDER BY i.ord;
END
$function$;
