CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"type" text NOT NULL,
	"parts" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "label_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_class" text NOT NULL,
	"shipment_type" text NOT NULL,
	"zone" text NOT NULL,
	"max_weight" integer,
	"option" text,
	"description" text NOT NULL,
	"unit_price_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"courier_class" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"event" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"courier_description" text,
	"location" jsonb
);
--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "marker" text;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "reason_retour" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_jobs" ADD CONSTRAINT "label_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_package_id_label_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."label_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_items_organisation_idx" ON "invoice_items" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_one_label_price" ON "invoice_items" USING btree ("label_id") WHERE type = 'label_price';--> statement-breakpoint
CREATE INDEX "label_jobs_organisation_idx" ON "label_jobs" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "label_prices_lookup_idx" ON "label_prices" USING btree ("courier_class","shipment_type","zone");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_package_event_idx" ON "tracking_events" USING btree ("package_id","event","occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_label_idx" ON "tracking_events" USING btree ("label_id");--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_proxied_id_platform_contracts_id_fk" FOREIGN KEY ("proxied_id") REFERENCES "public"."platform_contracts"("id") ON DELETE no action ON UPDATE no action;