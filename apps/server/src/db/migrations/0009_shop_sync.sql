ALTER TABLE "shops" ADD COLUMN "sync_state" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "last_sync_count" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "auth_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "sync_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shops_sync_due_idx" ON "shops" USING btree ("last_sync_at") WHERE is_active;