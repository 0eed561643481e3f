CREATE TABLE "client_changes" (
	"client_id" text NOT NULL,
	"version" timestamp (3) with time zone NOT NULL,
	"previous_version" timestamp (3) with time zone NOT NULL,
	"entity_changes" jsonb,
	"policies" jsonb,
	"presets" jsonb,
	"policies_hash" text,
	"entities_hash" text,
	CONSTRAINT "client_changes_client_id_version_pk" PRIMARY KEY("client_id","version")
);
--> statement-breakpoint
ALTER TABLE "client_changes" ADD CONSTRAINT "client_changes_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;