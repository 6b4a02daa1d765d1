CREATE TABLE "return_settings" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"address" jsonb,
	"payment_methods" jsonb DEFAULT '["organisation_paid"]'::jsonb NOT NULL,
	"consumer_price_cents" integer DEFAULT 0 NOT NULL,
	"portal_enabled" boolean DEFAULT false NOT NULL,
	"slug" text,
	"intro_text" text,
	"courier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_settings" ADD CONSTRAINT "return_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_settings_slug_idx" ON "return_settings" USING btree ("slug");