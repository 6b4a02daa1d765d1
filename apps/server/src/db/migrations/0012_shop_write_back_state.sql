ALTER TABLE "labels" ADD COLUMN "write_back" text;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "write_back_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "labels_write_back_pending_idx" ON "labels" USING btree ("write_back_at") WHERE write_back = 'pending';