CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"country" text NOT NULL,
	"state_province_code" text,
	"zipcode" text NOT NULL,
	"housenumber" text,
	"address_1" text NOT NULL,
	"address_2" text,
	"city" text,
	"email" text,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"service_class" text NOT NULL,
	"label" text NOT NULL,
	"proxied_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"organisation_id" uuid NOT NULL,
	"tab" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counters_organisation_id_tab_status_pk" PRIMARY KEY("organisation_id","tab","status")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"weight" integer,
	"category" text,
	"sku" text,
	"hs_code" text,
	"ean_code" text,
	"product_country" text,
	"is_returned" boolean DEFAULT false NOT NULL,
	"is_dummy_item" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_number" text,
	"order_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"error_status" text,
	"status_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_status" text,
	"name" text,
	"company_name" text,
	"address_1" text,
	"address_2" text,
	"housenumber" text,
	"zipcode" text,
	"city" text,
	"state_province_code" text,
	"country" text NOT NULL,
	"email" text,
	"phone" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"courier_id" uuid,
	"shop_id" uuid,
	"shipment_type" text,
	"pickup_point" jsonb,
	"courier_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"packages" jsonb DEFAULT '[{"weight":0}]'::jsonb NOT NULL,
	"shipment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_export" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tab" text GENERATED ALWAYS AS (CASE WHEN NOT is_active THEN 'deleted' WHEN cardinality(shipment_ids) > 0 THEN 'shipped' WHEN status IN ('ready', 'incomplete', 'warning', 'error') THEN 'orders' ELSE 'other' END) STORED NOT NULL,
	"search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(name, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(city, ''))) STORED NOT NULL,
	"zipcode_compact" text GENERATED ALWAYS AS (upper(replace(coalesce(zipcode, ''), ' ', ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"service_class" text NOT NULL,
	"label" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "tickets_organisation_created_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_organisation_name_idx" ON "contacts" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE INDEX "couriers_organisation_idx" ON "couriers" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_tab_created_idx" ON "orders" USING btree ("organisation_id","tab","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_search_words_idx" ON "orders" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "orders_order_number_search_idx" ON "orders" USING btree (lower("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_zipcode_search_idx" ON "orders" USING btree ("zipcode_compact" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_order_number_idx" ON "orders" USING btree ("organisation_id","order_number");--> statement-breakpoint
CREATE INDEX "shops_organisation_idx" ON "shops" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "tickets_organisation_created_idx" ON "tickets" USING btree ("organisation_id","created_at" DESC NULLS FIRST);