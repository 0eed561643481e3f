CREATE TABLE "signing_requests" (
	"row_id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provider" text NOT NULL,
	"idempotence_id" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" text NOT NULL,
	"principal" text NOT NULL,
	"body" jsonb NOT NULL,
	"plan" jsonb,
	"evaluation" jsonb,
	"approvals" jsonb NOT NULL,
	"result" jsonb,
	"failure" jsonb,
	"history" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_connection_id_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_idempotence_idx" ON "signing_requests" USING btree ("client_id","connection_id","kind","idempotence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_requests_request_id_idx" ON "signing_requests" USING btree ("client_id","kind","request_id");--> statement-breakpoint
CREATE INDEX "signing_requests_client_created_idx" ON "signing_requests" USING btree ("client_id","created_at");