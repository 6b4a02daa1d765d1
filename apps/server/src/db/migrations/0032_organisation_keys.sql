-- Every primary, unique and foreign key of an organisation's table includes organisation_id
-- (docs/scaling.md; the exceptions are listed in db/organisation-keys.ts and checked by
-- db/organisation-keys.int.test.ts). Hand-ordered so that it runs on a database with data:
-- the foreign keys on the old single-column keys go first, then the old keys, then the
-- new keys, then the new foreign keys (existing rows satisfy them: a row and the row it
-- points to always had the same organisation_id). gdpr_export_chunks gets its export's
-- organisation_id before its new primary key needs it.
ALTER TABLE "gdpr_export_chunks" DROP CONSTRAINT "gdpr_export_chunks_export_id_gdpr_exports_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_label_id_labels_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "label_packages" DROP CONSTRAINT "label_packages_label_id_labels_id_fk";
--> statement-breakpoint
ALTER TABLE "labels" DROP CONSTRAINT "labels_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "labels" DROP CONSTRAINT "labels_courier_id_couriers_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_courier_id_couriers_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_shop_id_shops_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_return_request_id_return_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_printer_client_id_printer_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "return_requests" DROP CONSTRAINT "return_requests_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP CONSTRAINT "ticket_attachments_message_id_ticket_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_messages" DROP CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_label_id_labels_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_package_id_label_packages_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_links" DROP CONSTRAINT "tracking_links_label_id_labels_id_fk";
--> statement-breakpoint
ALTER TABLE "tracking_mails" DROP CONSTRAINT "tracking_mails_label_id_labels_id_fk";
--> statement-breakpoint
DROP INDEX "invoice_items_one_label_price";
--> statement-breakpoint
DROP INDEX "invoice_items_one_refund";
--> statement-breakpoint
DROP INDEX "label_packages_label_number_idx";
--> statement-breakpoint
DROP INDEX "labels_one_creating_per_order";
--> statement-breakpoint
DROP INDEX "payments_one_collection_per_invoice";
--> statement-breakpoint
DROP INDEX "tracking_events_package_event_idx";
--> statement-breakpoint
DROP INDEX "tracking_mails_label_status_idx";
--> statement-breakpoint
ALTER TABLE "gdpr_export_chunks" DROP CONSTRAINT "gdpr_export_chunks_export_id_position_pk";
--> statement-breakpoint
ALTER TABLE "api_users" DROP CONSTRAINT "api_users_pkey";
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_pkey";
--> statement-breakpoint
ALTER TABLE "couriers" DROP CONSTRAINT "couriers_pkey";
--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_pkey";
--> statement-breakpoint
ALTER TABLE "gdpr_exports" DROP CONSTRAINT "gdpr_exports_pkey";
--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_pkey";
--> statement-breakpoint
ALTER TABLE "import_mappings" DROP CONSTRAINT "import_mappings_pkey";
--> statement-breakpoint
ALTER TABLE "invoice_items" DROP CONSTRAINT "invoice_items_pkey";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey";
--> statement-breakpoint
ALTER TABLE "label_jobs" DROP CONSTRAINT "label_jobs_pkey";
--> statement-breakpoint
ALTER TABLE "label_packages" DROP CONSTRAINT "label_packages_pkey";
--> statement-breakpoint
ALTER TABLE "labels" DROP CONSTRAINT "labels_pkey";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_pkey";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_pkey";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";
--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_pkey";
--> statement-breakpoint
ALTER TABLE "printer_clients" DROP CONSTRAINT "printer_clients_pkey";
--> statement-breakpoint
ALTER TABLE "printer_pairing_codes" DROP CONSTRAINT "printer_pairing_codes_pkey";
--> statement-breakpoint
ALTER TABLE "return_requests" DROP CONSTRAINT "return_requests_pkey";
--> statement-breakpoint
ALTER TABLE "shipment_logic_rules" DROP CONSTRAINT "shipment_logic_rules_pkey";
--> statement-breakpoint
ALTER TABLE "shops" DROP CONSTRAINT "shops_pkey";
--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP CONSTRAINT "ticket_attachments_pkey";
--> statement-breakpoint
ALTER TABLE "ticket_messages" DROP CONSTRAINT "ticket_messages_pkey";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_pkey";
--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_pkey";
--> statement-breakpoint
ALTER TABLE "tracking_links" DROP CONSTRAINT "tracking_links_pkey";
--> statement-breakpoint
ALTER TABLE "tracking_mails" DROP CONSTRAINT "tracking_mails_pkey";
--> statement-breakpoint
ALTER TABLE "gdpr_export_chunks" ADD COLUMN "organisation_id" uuid;
--> statement-breakpoint
UPDATE "gdpr_export_chunks" c SET "organisation_id" = e."organisation_id" FROM "gdpr_exports" e WHERE e."id" = c."export_id";
--> statement-breakpoint
ALTER TABLE "gdpr_export_chunks" ALTER COLUMN "organisation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "api_users" ADD CONSTRAINT "api_users_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "gdpr_export_chunks" ADD CONSTRAINT "gdpr_export_chunks_pkey" PRIMARY KEY("organisation_id","export_id","position");
--> statement-breakpoint
ALTER TABLE "gdpr_exports" ADD CONSTRAINT "gdpr_exports_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "label_jobs" ADD CONSTRAINT "label_jobs_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "label_packages" ADD CONSTRAINT "label_packages_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "printer_clients" ADD CONSTRAINT "printer_clients_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "printer_pairing_codes" ADD CONSTRAINT "printer_pairing_codes_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "shipment_logic_rules" ADD CONSTRAINT "shipment_logic_rules_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_pkey" PRIMARY KEY("organisation_id","label_id");
--> statement-breakpoint
ALTER TABLE "tracking_mails" ADD CONSTRAINT "tracking_mails_pkey" PRIMARY KEY("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "gdpr_export_chunks" ADD CONSTRAINT "gdpr_export_chunks_export_id_fkey" FOREIGN KEY ("organisation_id","export_id") REFERENCES "public"."gdpr_exports"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_label_id_fkey" FOREIGN KEY ("organisation_id","label_id") REFERENCES "public"."labels"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_fkey" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "label_packages" ADD CONSTRAINT "label_packages_label_id_fkey" FOREIGN KEY ("organisation_id","label_id") REFERENCES "public"."labels"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_order_id_fkey" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."orders"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_courier_id_fkey" FOREIGN KEY ("organisation_id","courier_id") REFERENCES "public"."couriers"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_fkey" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."orders"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_id_fkey" FOREIGN KEY ("organisation_id","courier_id") REFERENCES "public"."couriers"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_fkey" FOREIGN KEY ("organisation_id","shop_id") REFERENCES "public"."shops"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_fkey" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_return_request_id_fkey" FOREIGN KEY ("organisation_id","return_request_id") REFERENCES "public"."return_requests"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_client_id_fkey" FOREIGN KEY ("organisation_id","printer_client_id") REFERENCES "public"."printer_clients"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_fkey" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."orders"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_fkey" FOREIGN KEY ("organisation_id","ticket_id") REFERENCES "public"."tickets"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_message_id_fkey" FOREIGN KEY ("organisation_id","message_id") REFERENCES "public"."ticket_messages"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_fkey" FOREIGN KEY ("organisation_id","ticket_id") REFERENCES "public"."tickets"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_label_id_fkey" FOREIGN KEY ("organisation_id","label_id") REFERENCES "public"."labels"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_package_id_fkey" FOREIGN KEY ("organisation_id","package_id") REFERENCES "public"."label_packages"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_label_id_fkey" FOREIGN KEY ("organisation_id","label_id") REFERENCES "public"."labels"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tracking_mails" ADD CONSTRAINT "tracking_mails_label_id_fkey" FOREIGN KEY ("organisation_id","label_id") REFERENCES "public"."labels"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_one_label_price" ON "invoice_items" USING btree ("organisation_id","label_id") WHERE type = 'label_price';
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_one_refund" ON "invoice_items" USING btree ("organisation_id","label_id") WHERE type = 'refund';
--> statement-breakpoint
CREATE UNIQUE INDEX "label_packages_label_number_idx" ON "label_packages" USING btree ("organisation_id","label_id","package_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "labels_one_creating_per_order" ON "labels" USING btree ("organisation_id","order_id") WHERE status = 'creating';
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_collection_per_invoice" ON "payments" USING btree ("organisation_id","invoice_id") WHERE sequence_type = 'recurring';
--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_package_event_idx" ON "tracking_events" USING btree ("organisation_id","package_id","event","occurred_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_mails_label_status_idx" ON "tracking_mails" USING btree ("organisation_id","label_id","mail_status");
