CREATE TABLE "client_organization_changes" (
	"client_id" text NOT NULL,
	"seq" integer NOT NULL,
	"changes" json NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "client_organization_changes_client_id_seq_pk" PRIMARY KEY("client_id","seq")
);
--> statement-breakpoint
CREATE TABLE "client_organization_parts" (
	"client_id" text NOT NULL,
	"part" integer NOT NULL,
	"collection" text NOT NULL,
	"entities" json NOT NULL,
	CONSTRAINT "client_organization_parts_client_id_part_pk" PRIMARY KEY("client_id","part")
);
--> statement-breakpoint
ALTER TABLE "client_organization_changes" ADD CONSTRAINT "client_organization_changes_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_organization_parts" ADD CONSTRAINT "client_organization_parts_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each stored organization moves into parts of 5,000 entities, one collection a part, in the document's order.
INSERT INTO "client_organization_parts" ("client_id", "part", "collection", "entities")
SELECT "client_id", (row_number() OVER (PARTITION BY "client_id" ORDER BY "member", "chunk") - 1)::integer, "collection", "items"
FROM (
	SELECT c."client_id", m.ord AS "member", m.key AS "collection", (e.ord - 1) / 5000 AS "chunk",
		json_agg(e.value ORDER BY e.ord) AS "items"
	FROM "clients" c
	CROSS JOIN LATERAL json_each(c."entities") WITH ORDINALITY AS m(key, value, ord)
	CROSS JOIN LATERAL json_array_elements(m.value) WITH ORDINALITY AS e(value, ord)
	WHERE json_typeof(m.value) = 'array'
	GROUP BY c."client_id", m.ord, m.key, (e.ord - 1) / 5000
) AS "parts";--> statement-breakpoint
-- What stays in the client row: the other members, and the collections, empty, in their order.
UPDATE "clients" SET "entities" = COALESCE(
	(SELECT json_object_agg(m.key, CASE WHEN json_typeof(m.value) = 'array' THEN '[]'::json ELSE m.value END ORDER BY m.ord)
	FROM json_each("clients"."entities") WITH ORDINALITY AS m(key, value, ord)),
	'{}'::json
);--> statement-breakpoint
ALTER TABLE "clients" RENAME COLUMN "entities" TO "entities_head";
