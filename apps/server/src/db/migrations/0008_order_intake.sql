ALTER TABLE "orders" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_shipping_method" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_key_idx" ON "orders" USING btree ("organisation_id","external_key") WHERE "orders"."external_key" IS NOT NULL;