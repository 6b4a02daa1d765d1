CREATE INDEX "labels_status_sort_idx" ON "labels" USING btree ("organisation_id","status","id");--> statement-breakpoint
CREATE INDEX "labels_order_number_sort_idx" ON "labels" USING btree ("organisation_id",("order_snapshot"->>'order_number'),"id");--> statement-breakpoint
CREATE INDEX "labels_name_sort_idx" ON "labels" USING btree ("organisation_id",("order_snapshot"->>'name'),"id");--> statement-breakpoint
CREATE INDEX "labels_country_sort_idx" ON "labels" USING btree ("organisation_id",("order_snapshot"->>'country'),"id");