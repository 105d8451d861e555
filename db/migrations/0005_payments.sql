ALTER TABLE "payment_orders" ADD COLUMN "code_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_pending_uq" ON "payment_orders" USING btree ("user_id","booklet_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawal_applications" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);