CREATE TABLE "decision_log" (
	"client_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"entry" text NOT NULL,
	CONSTRAINT "decision_log_client_id_seq_pk" PRIMARY KEY("client_id","seq")
);
--> statement-breakpoint
ALTER TABLE "decision_log" ADD CONSTRAINT "decision_log_client_id_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_log_client_time_idx" ON "decision_log" USING btree ("client_id","time");