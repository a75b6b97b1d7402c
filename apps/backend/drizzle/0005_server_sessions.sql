ALTER TABLE "tracking_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "tracking_sessions" ADD CONSTRAINT "tracking_sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_sessions_impersonator_idx" ON "tracking_sessions" USING btree ("impersonator_id");