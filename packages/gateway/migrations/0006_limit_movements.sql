CREATE TABLE "limit_movements" (
	"row_id" text NOT NULL,
	"client_id" text NOT NULL,
	"decided_at" bigint NOT NULL,
	"token" text,
	"chain_id" bigint,
	"principal" text,
	"resource" text,
	"destination" text,
	"amount" numeric NOT NULL,
	"request_shape" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_totals" (
	"client_id" text NOT NULL,
	"hour" bigint NOT NULL,
	"request_shape" text NOT NULL,
	"token" text NOT NULL,
	"chain_id" bigint NOT NULL,
	"principal" text NOT NULL,
	"resource" text NOT NULL,
	"destination" text NOT NULL,
	"amount" numeric NOT NULL,
	"requests" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "limit_movements" ADD CONSTRAINT "limit_movements_row_id_signing_requests_row_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."signing_requests"("row_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limit_totals" ADD CONSTRAINT "limit_totals_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limit_movements_client_decided_idx" ON "limit_movements" USING btree ("client_id","decided_at");--> statement-breakpoint
CREATE INDEX "limit_movements_row_idx" ON "limit_movements" USING btree ("row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "limit_totals_kind_idx" ON "limit_totals" USING btree ("client_id","hour","request_shape","token","chain_id","principal","resource","destination");--> statement-breakpoint
-- The requests already permitted, from their history (a list of movements, or one object in records written
-- before lists): the movements of one request and kind summed, as the gateway writes them. A request of several
-- kinds of movement is a shape of its own (its row id); one of a single kind has the shape ''. An entry without a
-- timestamp never counted (the evaluator places it before every window): it gets -1, and still does not.
INSERT INTO "limit_movements" ("row_id", "client_id", "decided_at", "token", "chain_id", "principal", "resource", "destination", "amount", "request_shape")
SELECT "row_id", "client_id", "decided_at", "token", "chain_id", "principal", "resource", "destination", "amount",
  CASE WHEN count(*) OVER (PARTITION BY "row_id") = 1 THEN '' ELSE "row_id" END
FROM (
  SELECT s."row_id", s."client_id", max(coalesce((e->>'timestamp')::bigint, -1)) AS "decided_at",
    lower(e->>'token') AS "token", (e->>'chainId')::bigint AS "chain_id", lower(e->>'principal') AS "principal",
    lower(e->>'resource') AS "resource", lower(e->>'to') AS "destination", sum((e->>'amount')::numeric) AS "amount"
  FROM "signing_requests" s
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE jsonb_typeof(s."history") WHEN 'array' THEN s."history" ELSE jsonb_build_array(s."history") END
  ) AS e
  WHERE s."history" IS NOT NULL
  GROUP BY s."row_id", s."client_id", 4, 5, 6, 7, 8
) AS movements;
--> statement-breakpoint
-- Their sums per hour, as the gateway keeps them: an absent value is '' (-1 for the chain).
INSERT INTO "limit_totals" ("client_id", "hour", "request_shape", "token", "chain_id", "principal", "resource", "destination", "amount", "requests")
SELECT "client_id", "decided_at" - (("decided_at" % 3600) + 3600) % 3600, "request_shape", coalesce("token", ''),
  coalesce("chain_id", -1), coalesce("principal", ''), coalesce("resource", ''), coalesce("destination", ''),
  sum("amount"), count(*)
FROM "limit_movements"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
