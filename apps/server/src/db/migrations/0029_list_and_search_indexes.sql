CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("name" gin_trgm_ops,"company_name" gin_trgm_ops,"zipcode" gin_trgm_ops,"city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "labels_search_idx" ON "labels" USING gin (("order_snapshot"->>'order_number') gin_trgm_ops,("order_snapshot"->>'name') gin_trgm_ops,"tracking_number" gin_trgm_ops,("order_snapshot"->>'zipcode') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_tab_name_idx" ON "orders" USING btree ("organisation_id","tab","name","id");--> statement-breakpoint
CREATE INDEX "orders_tab_order_number_idx" ON "orders" USING btree ("organisation_id","tab","order_number","id");--> statement-breakpoint
CREATE INDEX "orders_tab_country_idx" ON "orders" USING btree ("organisation_id","tab","country","id");--> statement-breakpoint
CREATE INDEX "orders_tab_status_idx" ON "orders" USING btree ("organisation_id","tab","status","id");--> statement-breakpoint
CREATE INDEX "orders_problematic_order_date_idx" ON "orders" USING btree ("organisation_id","order_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE tab = 'orders' AND status IN ('incomplete', 'error');