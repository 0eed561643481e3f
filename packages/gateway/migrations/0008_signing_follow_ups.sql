CREATE TABLE "signing_follow_ups" (
	"row_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"external_id" text,
	"phase" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp (3) with time zone NOT NULL,
	"leased_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_follow_ups" ADD CONSTRAINT "signing_follow_ups_row_id_signing_requests_row_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."signing_requests"("row_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_follow_ups_due_idx" ON "signing_follow_ups" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "signing_follow_ups_external_idx" ON "signing_follow_ups" USING btree ("provider","external_id");