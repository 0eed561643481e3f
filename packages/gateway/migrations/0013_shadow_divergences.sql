CREATE TABLE "shadow_divergences" (
	"divergence_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"proposal_id" text NOT NULL,
	"source" text NOT NULL,
	"request_id" text,
	"kind" text,
	"principal" text NOT NULL,
	"decided_at" timestamp (3) with time zone NOT NULL,
	"live" jsonb NOT NULL,
	"shadow" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shadow_divergences" ADD CONSTRAINT "shadow_divergences_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shadow_divergences_client_decided_idx" ON "shadow_divergences" USING btree ("client_id","decided_at","divergence_id");