ALTER TABLE "couriers" ADD COLUMN "tracking_webhook_hash" text;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "tracking_next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_tracking_webhook_idx" ON "couriers" USING btree ("tracking_webhook_hash") WHERE tracking_webhook_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "label_packages_tracking_number_idx" ON "label_packages" USING btree ("organisation_id","tracking_number");--> statement-breakpoint
CREATE INDEX "labels_tracking_due_idx" ON "labels" USING btree ("courier_class","tracking_next_check_at" NULLS FIRST) WHERE is_active AND status NOT IN ('creating', 'completed', 'canceled');