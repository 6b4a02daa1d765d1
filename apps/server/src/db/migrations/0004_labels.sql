CREATE TABLE "label_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"package_number" integer NOT NULL,
	"weight" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"label_file" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_requests" (
	"organisation_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_requests_organisation_id_idempotency_key_pk" PRIMARY KEY("organisation_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"courier_class" text NOT NULL,
	"status" text NOT NULL,
	"error_status" text,
	"status_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_return" boolean DEFAULT false NOT NULL,
	"shipment_type" text NOT NULL,
	"courier_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_snapshot" jsonb NOT NULL,
	"tracking_number" text,
	"tracking_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_packages" ADD CONSTRAINT "label_packages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_packages" ADD CONSTRAINT "label_packages_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_requests" ADD CONSTRAINT "label_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_packages_label_number_idx" ON "label_packages" USING btree ("label_id","package_number");--> statement-breakpoint
CREATE INDEX "labels_organisation_created_idx" ON "labels" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "labels_order_idx" ON "labels" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_one_creating_per_order" ON "labels" USING btree ("order_id") WHERE status = 'creating';