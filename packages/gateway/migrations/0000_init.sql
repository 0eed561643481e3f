CREATE TABLE "accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"client_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"label" text,
	"network_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"address_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"client_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"asset_id" text PRIMARY KEY NOT NULL,
	"network_id" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text,
	"decimals" integer,
	"onchain_id" text,
	"external_assets" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"public_keys" jsonb NOT NULL,
	"entities" jsonb NOT NULL,
	"policies" jsonb NOT NULL,
	"presets" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"provider" text NOT NULL,
	"label" text,
	"url" text,
	"status" text NOT NULL,
	"credentials" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "known_destinations" (
	"known_destination_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"label" text,
	"external_id" text NOT NULL,
	"external_classification" text,
	"address" text NOT NULL,
	"asset_id" text,
	"network_id" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"network_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"coin_type" integer,
	"evm_chain_id" bigint,
	"external_networks" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seen_signatures" (
	"client_id" text NOT NULL,
	"replay_key" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "seen_signatures_client_id_replay_key_pk" PRIMARY KEY("client_id","replay_key")
);
--> statement-breakpoint
CREATE TABLE "transit_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"encrypted_private_key" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"wallet_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"label" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_wallet_id_wallets_wallet_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("wallet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_connection_id_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_connection_id_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_network_id_networks_network_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("network_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_destinations" ADD CONSTRAINT "known_destinations_connection_id_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transit_keys" ADD CONSTRAINT "transit_keys_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_connection_id_connections_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("connection_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_connection_external_idx" ON "accounts" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "accounts_client_created_idx" ON "accounts" USING btree ("client_id","created_at","account_id");--> statement-breakpoint
CREATE INDEX "accounts_wallet_idx" ON "accounts" USING btree ("wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_connection_external_idx" ON "addresses" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "addresses_client_created_idx" ON "addresses" USING btree ("client_id","created_at","address_id");--> statement-breakpoint
CREATE INDEX "addresses_account_idx" ON "addresses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "assets_network_idx" ON "assets" USING btree ("network_id");--> statement-breakpoint
CREATE INDEX "connections_client_created_idx" ON "connections" USING btree ("client_id","created_at","connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "known_destinations_connection_source_external_idx" ON "known_destinations" USING btree ("connection_id","source","external_id");--> statement-breakpoint
CREATE INDEX "known_destinations_client_idx" ON "known_destinations" USING btree ("client_id","created_at","known_destination_id");--> statement-breakpoint
CREATE INDEX "seen_signatures_expiry_idx" ON "seen_signatures" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "transit_keys_client_idx" ON "transit_keys" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_connection_external_idx" ON "wallets" USING btree ("connection_id","external_id");--> statement-breakpoint
CREATE INDEX "wallets_client_created_idx" ON "wallets" USING btree ("client_id","created_at","wallet_id");