DROP INDEX "limit_totals_kind_idx";--> statement-breakpoint
ALTER TABLE "limit_movements" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "limit_totals" ADD COLUMN "currency" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "limit_totals_kind_idx" ON "limit_totals" USING btree ("client_id","hour","request_shape","token","chain_id","principal","resource","destination","currency");--> statement-breakpoint
-- The values the requests already permitted recorded with their decisions (history entries' "values", by
-- currency), one row per request, kind of movement and currency beside its base row ('' currency), summed as the
-- gateway writes them: only where every entry of that kind recorded the currency (else that kind is valued at
-- today's price, as the evaluator values an entry without it).
INSERT INTO "limit_movements" ("row_id", "client_id", "decided_at", "token", "chain_id", "principal", "resource", "destination", "amount", "request_shape", "currency")
SELECT m."row_id", m."client_id", m."decided_at", m."token", m."chain_id", m."principal", m."resource",
  m."destination", v."amount", m."request_shape", v."currency"
FROM "limit_movements" m
JOIN (
  SELECT s."row_id", lower(e->>'token') AS "token", (e->>'chainId')::bigint AS "chain_id",
    lower(e->>'principal') AS "principal", lower(e->>'resource') AS "resource", lower(e->>'to') AS "destination",
    c."currency", sum((e->'values'->>c."currency")::numeric) AS "amount"
  FROM "signing_requests" s
  CROSS JOIN LATERAL (
    SELECT CASE jsonb_typeof(s."history") WHEN 'array' THEN s."history" ELSE jsonb_build_array(s."history") END AS "entries"
  ) AS h
  CROSS JOIN LATERAL jsonb_array_elements(h."entries") AS e
  CROSS JOIN LATERAL (
    SELECT DISTINCT jsonb_object_keys(x->'values') AS "currency"
    FROM jsonb_array_elements(h."entries") AS x
    WHERE jsonb_typeof(x->'values') = 'object'
  ) AS c
  WHERE s."history" IS NOT NULL
  GROUP BY s."row_id", 2, 3, 4, 5, 6, c."currency"
  HAVING count(e->'values'->>c."currency") = count(*)
) AS v ON v."row_id" = m."row_id" AND v."token" IS NOT DISTINCT FROM m."token"
  AND v."chain_id" IS NOT DISTINCT FROM m."chain_id" AND v."principal" IS NOT DISTINCT FROM m."principal"
  AND v."resource" IS NOT DISTINCT FROM m."resource" AND v."destination" IS NOT DISTINCT FROM m."destination"
WHERE m."currency" = '';
--> statement-breakpoint
-- Requests that recorded values are summed apart from those that did not (each valued as its own decision, or at
-- today's price), as the gateway now shapes them: a request of one kind gets 'values:' and its currencies, one of
-- several kinds a shape of its own (its row id), as 0006 gave them.
UPDATE "limit_movements" m SET "request_shape" = CASE WHEN m."request_shape" = '' THEN r."shape" ELSE m."row_id" END
FROM (
  SELECT "row_id", 'values:' || string_agg(DISTINCT "currency", ' ' ORDER BY "currency") AS "shape"
  FROM "limit_movements" WHERE "currency" <> '' GROUP BY "row_id"
) AS r
WHERE m."row_id" = r."row_id";
--> statement-breakpoint
-- The hourly sums afresh, base units and values alike, as the gateway keeps them.
DELETE FROM "limit_totals";
--> statement-breakpoint
INSERT INTO "limit_totals" ("client_id", "hour", "request_shape", "token", "chain_id", "principal", "resource", "destination", "currency", "amount", "requests")
SELECT "client_id", "decided_at" - (("decided_at" % 3600) + 3600) % 3600, "request_shape", coalesce("token", ''),
  coalesce("chain_id", -1), coalesce("principal", ''), coalesce("resource", ''), coalesce("destination", ''),
  "currency", sum("amount"), count(*)
FROM "limit_movements"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
