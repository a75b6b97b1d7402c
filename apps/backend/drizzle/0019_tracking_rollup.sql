-- The daily roll-up of the usage events (issue 43): the figures over long periods read the days
-- before today from these tables (tracking_rollup_days lists the days they hold), written by the
-- job tracking.rollup, and the other days from the events themselves.
CREATE TABLE "tracking_daily_actions" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"route" text NOT NULL,
	"events" integer NOT NULL,
	"first_path" text NOT NULL,
	CONSTRAINT "tracking_daily_actions_day_type_action_route_pk" PRIMARY KEY("day","type","action","route")
);
--> statement-breakpoint
CREATE TABLE "tracking_daily_pages" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"views" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_id" bigint NOT NULL,
	"last_title" text NOT NULL,
	CONSTRAINT "tracking_daily_pages_day_route_pk" PRIMARY KEY("day","route")
);
--> statement-breakpoint
CREATE TABLE "tracking_daily_sessions" (
	"day" date NOT NULL,
	"session_id" uuid NOT NULL,
	"device" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "tracking_daily_sessions_day_session_id_device_pk" PRIMARY KEY("day","session_id","device")
);
--> statement-breakpoint
CREATE TABLE "tracking_daily_users" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"events" integer NOT NULL,
	"pages" integer NOT NULL,
	CONSTRAINT "tracking_daily_users_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A day the roll-up holds stops being held as soon as one of its events is written, changed (an
-- impersonator deleted makes his events count) or deleted (a user, a session): the figures then
-- read it from the log until the job rolls it up again. The advisory lock orders this with the
-- job rolling that day (it takes the same lock first), so that an event committed while the day
-- is being rolled up is never left out of both.
CREATE FUNCTION "tracking_rollup_release"("days" date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched date;
BEGIN
  FOR touched IN
    SELECT DISTINCT d FROM unnest("days") d ORDER BY d
  LOOP
    PERFORM pg_advisory_xact_lock(43019, touched - DATE '2000-01-01');
    DELETE FROM "tracking_rollup_days" WHERE "day" = touched;
  END LOOP;
END $$;--> statement-breakpoint
-- One function for the three triggers: each branch reads only the transition tables its
-- statement has.
CREATE FUNCTION "tracking_rollup_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "tracking_rollup_release"(ARRAY(SELECT DISTINCT ("occurred_at" AT TIME ZONE 'Europe/Paris')::date FROM "tracking_rollup_new"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "tracking_rollup_release"(ARRAY(SELECT DISTINCT ("occurred_at" AT TIME ZONE 'Europe/Paris')::date FROM "tracking_rollup_old"));
  ELSE
    PERFORM "tracking_rollup_release"(ARRAY(
      SELECT ("occurred_at" AT TIME ZONE 'Europe/Paris')::date FROM "tracking_rollup_new"
      UNION SELECT ("occurred_at" AT TIME ZONE 'Europe/Paris')::date FROM "tracking_rollup_old"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracking_rollup_inserted" AFTER INSERT ON "tracking_events"
  REFERENCING NEW TABLE AS "tracking_rollup_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_rollup_touch"();--> statement-breakpoint
CREATE TRIGGER "tracking_rollup_deleted" AFTER DELETE ON "tracking_events"
  REFERENCING OLD TABLE AS "tracking_rollup_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_rollup_touch"();--> statement-breakpoint
CREATE TRIGGER "tracking_rollup_updated" AFTER UPDATE ON "tracking_events"
  REFERENCING OLD TABLE AS "tracking_rollup_old" NEW TABLE AS "tracking_rollup_new"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_rollup_touch"();
