CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"printer_client_id" uuid NOT NULL,
	"label_ids" jsonb NOT NULL,
	"format" text NOT NULL,
	"positions" jsonb,
	"sort" text,
	"content_format" text NOT NULL,
	"content" "bytea",
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "printer_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"credential_hash" text NOT NULL,
	"printers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_printer" text,
	"connected_instance" integer,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printer_pairing_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_client_id_printer_clients_id_fk" FOREIGN KEY ("printer_client_id") REFERENCES "public"."printer_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_clients" ADD CONSTRAINT "printer_clients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_pairing_codes" ADD CONSTRAINT "printer_pairing_codes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_organisation_idx" ON "print_jobs" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "print_jobs_pending_idx" ON "print_jobs" USING btree ("printer_client_id","created_at") WHERE status IN ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "printer_clients_organisation_idx" ON "printer_clients" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "printer_clients_credential_idx" ON "printer_clients" USING btree ("credential_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "printer_pairing_codes_hash_idx" ON "printer_pairing_codes" USING btree ("code_hash");