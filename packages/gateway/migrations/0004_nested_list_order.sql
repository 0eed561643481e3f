DROP INDEX "accounts_wallet_idx";--> statement-breakpoint
DROP INDEX "addresses_account_idx";--> statement-breakpoint
CREATE INDEX "accounts_wallet_created_idx" ON "accounts" USING btree ("wallet_id","created_at","account_id");--> statement-breakpoint
CREATE INDEX "addresses_account_created_idx" ON "addresses" USING btree ("account_id","created_at","address_id");