CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_one_refund" ON "invoice_items" USING btree ("label_id") WHERE type = 'refund';