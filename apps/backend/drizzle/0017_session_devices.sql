ALTER TABLE "tracking_sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD CONSTRAINT "tracking_sessions_device_check" CHECK ("tracking_sessions"."device" is null or "tracking_sessions"."device" in ('PC', 'Smartphone', 'Tablette'));