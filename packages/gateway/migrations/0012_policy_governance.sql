CREATE TABLE "policy_proposals" (
	"proposal_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"previous_hash" text,
	"content_hash" text NOT NULL,
	"content" jsonb NOT NULL,
	"rollback_of" integer,
	"description" text,
	"status" text NOT NULL,
	"approvals" jsonb NOT NULL,
	"approved_by" jsonb NOT NULL,
	"warnings" jsonb NOT NULL,
	"closed_reason" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"client_id" text NOT NULL,
	"version" integer NOT NULL,
	"previous_hash" text,
	"content_hash" text NOT NULL,
	"content" jsonb NOT NULL,
	"approvals" jsonb NOT NULL,
	"proposal_id" text NOT NULL,
	"applied_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "policy_versions_client_id_version_pk" PRIMARY KEY("client_id","version")
);
--> statement-breakpoint
ALTER TABLE "policy_proposals" ADD CONSTRAINT "policy_proposals_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_versions" ADD CONSTRAINT "policy_versions_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_proposals_client_created_idx" ON "policy_proposals" USING btree ("client_id","created_at","proposal_id");--> statement-breakpoint
CREATE INDEX "policy_proposals_client_status_idx" ON "policy_proposals" USING btree ("client_id","status");