-- users' default discount and commission rate become basis points like every other rate
-- (docs/decisions/002): percent x 100, rounded to a whole basis point (7.5% -> 750, 5% -> 500).
-- The API keeps answering percent (SPEC.md 3: defaultDiscountPercent, commissionRate, default 5).
ALTER TABLE "users" RENAME COLUMN "default_discount_percent" TO "default_discount_bps";--> statement-breakpoint
ALTER TABLE "users" RENAME COLUMN "commission_rate" TO "commission_rate_bps";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "default_discount_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "commission_rate_bps" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "default_discount_bps" SET DATA TYPE integer USING round("default_discount_bps" * 100)::integer;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "commission_rate_bps" SET DATA TYPE integer USING round("commission_rate_bps" * 100)::integer;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "default_discount_bps" SET DEFAULT 500;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "commission_rate_bps" SET DEFAULT 500;
