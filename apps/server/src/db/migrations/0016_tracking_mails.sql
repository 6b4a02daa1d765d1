CREATE TABLE "tracking_links" (
	"label_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_links_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "tracking_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"label_id" uuid,
	"mail_status" text NOT NULL,
	"state" text NOT NULL,
	"recipient" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"body_text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_mails" ADD CONSTRAINT "tracking_mails_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_mails" ADD CONSTRAINT "tracking_mails_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_mails_label_status_idx" ON "tracking_mails" USING btree ("label_id","mail_status");--> statement-breakpoint
CREATE INDEX "tracking_mails_organisation_idx" ON "tracking_mails" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tracking_mails_pending_idx" ON "tracking_mails" USING btree ("updated_at") WHERE state IN ('queued', 'retrying');