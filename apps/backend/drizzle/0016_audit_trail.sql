ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_impersonator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_impersonation_id_impersonation_audit_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "impersonator_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "impersonator_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "operation_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_iri" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_iri");--> statement-breakpoint
-- Who acted, as the lines written before this migration can still tell.
UPDATE "audit_log" AS a SET "user_name" = u."first_name" || ' ' || u."last_name", "user_email" = u."email"
FROM "users" AS u WHERE u."id" = a."user_id";--> statement-breakpoint
UPDATE "audit_log" AS a SET "impersonator_name" = u."first_name" || ' ' || u."last_name", "impersonator_email" = u."email"
FROM "users" AS u WHERE u."id" = a."impersonator_id";--> statement-breakpoint
-- Append-only (docs/decisions.md, "The audit trail is append-only"): UPDATE and TRUNCATE are
-- refused to every role, DELETE too except of the lines created before the cutoff that the
-- retention job names for its own transaction (SET LOCAL portal.audit_purge_before).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff text := current_setting('portal.audit_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(cutoff, '') <> '' THEN
    IF OLD.created_at < cutoff::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
