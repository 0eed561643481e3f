CREATE TABLE "local_vaults" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"vault" jsonb,
	"revision" bigint NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL
);
