-- Deactivating a user (ROLE_DISABLED added to his roles) ends at once every session he holds
-- and every session opened by him as an administrator viewing as someone else, whatever code
-- path or manual SQL does it. Deleting a user deletes them (foreign keys, on delete cascade).
CREATE FUNCTION end_sessions_of_deactivated_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tracking_sessions
     SET ended_at = now(), end_reason = 'deactivated'
   WHERE ended_at IS NULL
     AND (user_id = NEW.id OR impersonator_id = NEW.id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_deactivation_ends_sessions
  AFTER UPDATE OF roles ON users
  FOR EACH ROW
  WHEN (NEW.roles ? 'ROLE_DISABLED' AND NOT (OLD.roles ? 'ROLE_DISABLED'))
  EXECUTE FUNCTION end_sessions_of_deactivated_user();
