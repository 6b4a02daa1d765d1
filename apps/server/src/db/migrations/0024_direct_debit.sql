ALTER TABLE "organisations" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payment_mandate_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payment_consumer_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payment_account_last_digits" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payment_mandate_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sequence_type" text DEFAULT 'oneoff' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_collection_per_invoice" ON "payments" USING btree ("invoice_id") WHERE sequence_type = 'recurring';