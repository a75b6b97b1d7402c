CREATE TABLE "dispatch_invoice_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"line" integer NOT NULL,
	"filename" text,
	"cgp_id" text,
	"year" integer,
	"month" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"invoice_id" integer,
	CONSTRAINT "dispatch_invoice_outcomes_line_unique" UNIQUE("request_id","line"),
	CONSTRAINT "dispatch_invoice_outcomes_check" CHECK (outcome in ('FILED', 'REFUSED'))
);
--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "invoices_file_name" text;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "mapping_file_name" text;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "total" integer;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "processed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "filed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_outcomes" ADD CONSTRAINT "dispatch_invoice_outcomes_request_id_dispatch_invoice_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."dispatch_invoice_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_outcomes" ADD CONSTRAINT "dispatch_invoice_outcomes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispatch_invoice_requests_one_processing" ON "dispatch_invoice_requests" USING btree ("status") WHERE status = 'PROCESSING';--> statement-breakpoint
CREATE INDEX "dispatch_invoice_requests_created_idx" ON "dispatch_invoice_requests" USING btree ("created_at","id");