DROP INDEX "news_date_idx";--> statement-breakpoint
DROP INDEX "notifications_created_idx";--> statement-breakpoint
DROP INDEX "reminders_type_date_idx";--> statement-breakpoint
DROP INDEX "customers_agent_name_idx";--> statement-breakpoint
DROP INDEX "customers_name_idx";--> statement-breakpoint
DROP INDEX "document_modification_requests_date_idx";--> statement-breakpoint
DROP INDEX "investment_sales_agent_date_idx";--> statement-breakpoint
DROP INDEX "investment_sales_date_idx";--> statement-breakpoint
DROP INDEX "investment_sales_exercice_idx";--> statement-breakpoint
DROP INDEX "investment_sales_customer_idx";--> statement-breakpoint
DROP INDEX "investment_sales_product_idx";--> statement-breakpoint
DROP INDEX "investment_sales_amount_idx";--> statement-breakpoint
DROP INDEX "real_estate_sales_agent_idx";--> statement-breakpoint
DROP INDEX "real_estate_sales_last_action_idx";--> statement-breakpoint
DROP INDEX "real_estate_sales_exercice_idx";--> statement-breakpoint
DROP INDEX "real_estate_sales_customer_idx";--> statement-breakpoint
CREATE INDEX "investment_sales_fee_idx" ON "investment_sales" USING btree ("fee","id");--> statement-breakpoint
CREATE INDEX "news_date_idx" ON "news" USING btree ("date");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reminders_type_date_idx" ON "reminders" USING btree ("type","date");--> statement-breakpoint
CREATE INDEX "customers_agent_name_idx" ON "customers" USING btree ("agent_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "document_modification_requests_date_idx" ON "document_modification_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investment_sales_agent_date_idx" ON "investment_sales" USING btree ("agent_id","subscription_date","id");--> statement-breakpoint
CREATE INDEX "investment_sales_date_idx" ON "investment_sales" USING btree ("subscription_date","id");--> statement-breakpoint
CREATE INDEX "investment_sales_exercice_idx" ON "investment_sales" USING btree ("exercice","subscription_date","id");--> statement-breakpoint
CREATE INDEX "investment_sales_customer_idx" ON "investment_sales" USING btree ("customer_id","exercice");--> statement-breakpoint
CREATE INDEX "investment_sales_product_idx" ON "investment_sales" USING btree ("product_id","subscription_date","id");--> statement-breakpoint
CREATE INDEX "investment_sales_amount_idx" ON "investment_sales" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "real_estate_sales_agent_idx" ON "real_estate_sales" USING btree ("agent_id","last_action");--> statement-breakpoint
CREATE INDEX "real_estate_sales_last_action_idx" ON "real_estate_sales" USING btree ("last_action");--> statement-breakpoint
CREATE INDEX "real_estate_sales_exercice_idx" ON "real_estate_sales" USING btree ("exercice","last_action");--> statement-breakpoint
CREATE INDEX "real_estate_sales_customer_idx" ON "real_estate_sales" USING btree ("customer_id","exercice");