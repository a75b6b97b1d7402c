ALTER TABLE "media_objects" ADD COLUMN "text_status" text;--> statement-breakpoint
ALTER TABLE "media_objects" ADD COLUMN "text_status_reason" text;--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_text_status_check" CHECK (text_status in ('EXTRACTED', 'TRUNCATED', 'TOO_LARGE', 'MEMORY_LIMIT', 'TIME_LIMIT', 'UNREADABLE'));--> statement-breakpoint
-- Documents read before the status existed: their text is there (whole or cut, unknown).
UPDATE "media_objects" SET "text_status" = 'EXTRACTED' WHERE "content_text" IS NOT NULL;