DROP INDEX "customers_name_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_name_folded" text GENERATED ALWAYS AS (lower(last_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "first_name_folded" text GENERATED ALWAYS AS (lower(first_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "investment_sales_exercice_customer_idx" ON "investment_sales" USING btree ("exercice","customer_id");--> statement-breakpoint
CREATE INDEX "real_estate_sales_exercice_customer_idx" ON "real_estate_sales" USING btree ("exercice","customer_id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("last_name","first_name","id","last_name_folded","first_name_folded");