ALTER TABLE "label_packages" ADD COLUMN "label_zpl" "bytea";--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "carrier_canceled_at" timestamp with time zone;