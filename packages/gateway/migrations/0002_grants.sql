CREATE TABLE "grant_tokens" (
	"token_id" text PRIMARY KEY NOT NULL,
	"grant_id" text NOT NULL,
	"client_id" text NOT NULL,
	"label" text,
	"access" jsonb NOT NULL,
	"value_hash" text NOT NULL,
	"manage_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"rotated_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "grant_tokens_value_hash_unique" UNIQUE("value_hash"),
	CONSTRAINT "grant_tokens_manage_hash_unique" UNIQUE("manage_hash")
);
--> statement-breakpoint
CREATE TABLE "granted_connections" (
	"connection_id" text NOT NULL,
	"grant_id" text NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "granted_connections_connection_id_grant_id_pk" PRIMARY KEY("connection_id","grant_id")
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"kid" text NOT NULL,
	"status" text NOT NULL,
	"label" text,
	"requested_access" jsonb NOT NULL,
	"user_id" text,
	"providers" text NOT NULL,
	"networks" jsonb NOT NULL,
	"capabilities" jsonb NOT NULL,
	"finish_uri" text NOT NULL,
	"client_nonce" text NOT NULL,
	"server_nonce" text NOT NULL,
	"hash_method" text NOT NULL,
	"grant_endpoint" text NOT NULL,
	"interaction_id_hash" text NOT NULL,
	"continuation_token_hash" text NOT NULL,
	"interact_ref_hash" text,
	"connection_ids" jsonb NOT NULL,
	"interaction_expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "grants_interaction_id_hash_unique" UNIQUE("interaction_id_hash"),
	CONSTRAINT "grants_continuation_token_hash_unique" UNIQUE("continuation_token_hash"),
	CONSTRAINT "grants_interact_ref_hash_unique" UNIQUE("interact_ref_hash")
);
--> statement-breakpoint
ALTER TABLE "grant_tokens" ADD CONSTRAINT "grant_tokens_grant_id_grants_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("grant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "granted_connections" ADD CONSTRAINT "granted_connections_connection_id_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "granted_connections" ADD CONSTRAINT "granted_connections_grant_id_grants_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("grant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grant_tokens_client_idx" ON "grant_tokens" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "granted_connections_client_idx" ON "granted_connections" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "grants_client_idx" ON "grants" USING btree ("client_id","created_at");