ALTER TABLE "organisation_addons" ADD COLUMN "paid_through" date;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "plan_paid_through" date;