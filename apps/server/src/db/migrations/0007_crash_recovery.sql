CREATE TABLE "app_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "label_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "label_jobs" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "label_requests" ADD COLUMN "order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "label_requests" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE INDEX "label_jobs_running_idx" ON "label_jobs" USING btree ("claimed_by") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "label_requests_pending_idx" ON "label_requests" USING btree ("created_at") WHERE response IS NULL;--> statement-breakpoint
CREATE INDEX "labels_request_key_idx" ON "labels" USING btree ("organisation_id","request_key") WHERE request_key IS NOT NULL;