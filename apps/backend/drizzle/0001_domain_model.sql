CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_user_id" integer NOT NULL,
	"target_user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_role_mappings" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"mapped_role" text,
	CONSTRAINT "training_role_mappings_role_check" CHECK ("training_role_mappings"."mapped_role" is null or "training_role_mappings"."mapped_role" in ('ROLE_ADMIN', 'ROLE_TRAINED', 'ROLE_TRAINER', 'ROLE_RP'))
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"content" text NOT NULL,
	"displayed" boolean DEFAULT false NOT NULL,
	"has_popup" boolean DEFAULT false NOT NULL,
	"slider_displayed" boolean DEFAULT false NOT NULL,
	"image_bank_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	CONSTRAINT "news_lists_user_news_unique" UNIQUE("user_id","news_id")
);
--> statement-breakpoint
CREATE TABLE "news_profiles" (
	"news_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	CONSTRAINT "news_profiles_news_id_profile_id_pk" PRIMARY KEY("news_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "notification_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_by_user" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_lists_user_notification_unique" UNIQUE("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notification_profiles" (
	"notification_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	CONSTRAINT "notification_profiles_notification_id_profile_id_pk" PRIMARY KEY("notification_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "notification_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"is_activate" boolean DEFAULT true NOT NULL,
	CONSTRAINT "notification_rules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"url_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"reminder_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "reminder_lists_user_reminder_unique" UNIQUE("user_id","reminder_id")
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"date" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"displayed" boolean DEFAULT true NOT NULL,
	"author_id" integer,
	"customer_id" integer,
	"prospect" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_type_check" CHECK ("reminders"."type" in ('hubnup', 'personal'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"agent_id" integer NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"birth_date" date,
	"email" text,
	"phone" text,
	"zip_code" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "document_modification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"media_object_id" integer NOT NULL,
	"status" text DEFAULT 'en étude' NOT NULL,
	"comment" text,
	"applicant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_modification_requests_status_check" CHECK (status in ('en étude', 'refusée', 'traitée')),
	CONSTRAINT "document_modification_requests_comment_check" CHECK (char_length("document_modification_requests"."comment") <= 255)
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"person_id" integer,
	"parent_folder_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_type_check" CHECK (type in ('bibliotheque', 'trainers-club', 'rac', 'responsable-pole')),
	CONSTRAINT "folders_not_own_parent_check" CHECK ("folders"."parent_folder_id" is distinct from "folders"."id")
);
--> statement-breakpoint
CREATE TABLE "image_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"media_object_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_object_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_object_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_by_user" boolean DEFAULT false NOT NULL,
	CONSTRAINT "media_object_lists_user_media_unique" UNIQUE("user_id","media_object_id")
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"file_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"folder_id" integer,
	"person_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_objects_file_path_unique" UNIQUE("file_path")
);
--> statement-breakpoint
CREATE TABLE "dispatch_invoice_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"invoices_file_path" text NOT NULL,
	"mapping_file_path" text NOT NULL,
	"requested_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "dispatch_invoice_requests_status_check" CHECK (status in ('WAITING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"filename" text NOT NULL,
	"file_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_agent_period_file_unique" UNIQUE("agent_id","year","month","filename"),
	CONSTRAINT "invoices_month_check" CHECK ("invoices"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "prospect_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"kind" text NOT NULL,
	"media_object_id" integer NOT NULL,
	CONSTRAINT "prospect_files_kind_check" CHECK (kind in ('RIC', 'DER', 'OTHER'))
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"birthday" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"sponsor_id" integer,
	"current_step_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_step_states" (
	"report_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"status" text DEFAULT 'En attente' NOT NULL,
	"document" text,
	"document_status" text,
	CONSTRAINT "registration_step_states_report_id_step_id_pk" PRIMARY KEY("report_id","step_id"),
	CONSTRAINT "registration_step_states_status_check" CHECK (status in ('Terminé', 'En cours', 'En attente', 'Annulé')),
	CONSTRAINT "registration_step_states_document_status_check" CHECK (document_status is null or document_status in ('Validé', 'En cours de validation', 'manquant', 'Refusé'))
);
--> statement-breakpoint
CREATE TABLE "registration_steps" (
	"id" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_participations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"status_participant" text NOT NULL,
	"status_inscription" text NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_participations_agent_session_unique" UNIQUE("agent_id","session_id"),
	CONSTRAINT "training_participations_status_check" CHECK (status_participant in ('TRAINED', 'INVITED', 'COHOST', 'HOST', 'TRAINER'))
);
--> statement-breakpoint
CREATE TABLE "training_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"city" text NOT NULL,
	"start_date" date NOT NULL,
	"exercice" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "financial_products_provider_name_unique" UNIQUE("provider_id","name")
);
--> statement-breakpoint
CREATE TABLE "financial_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "financial_providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "investment_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"agent_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"type" text NOT NULL,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"fee" numeric(5, 2) NOT NULL,
	"subscription_date" date NOT NULL,
	"exercice" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_sales_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "investment_sales_status_check" CHECK (status in ('Validé', 'Encours', 'Terminé', 'Annulé')),
	CONSTRAINT "investment_sales_operation_check" CHECK (operation in ('Souscription', 'Versement'))
);
--> statement-breakpoint
CREATE TABLE "real_estate_sale_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "real_estate_sale_steps_sale_type_unique" UNIQUE("sale_id","type"),
	CONSTRAINT "real_estate_sale_steps_type_check" CHECK (type in ('option', 'booking', 'bank_agreement', 'deed', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "real_estate_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"valoriciel_id" text NOT NULL,
	"agent_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"lot" text NOT NULL,
	"operation_name" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"base_remuneration" numeric(14, 2) NOT NULL,
	"adv_status" text NOT NULL,
	"option_date" date,
	"booking_signature_date" date,
	"bank_agreement_date" date,
	"deed_date" date,
	"cancellation_date" date,
	"last_action" date NOT NULL,
	"exercice" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "real_estate_sales_valoriciel_id_unique" UNIQUE("valoriciel_id"),
	CONSTRAINT "real_estate_sales_status_check" CHECK (adv_status in ('Acté', 'Financé', 'Optionné', 'Réservé', 'VNR', 'Désisté'))
);
--> statement-breakpoint
CREATE TABLE "vlps" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"fee" numeric(5, 2) NOT NULL,
	"processing_date" date NOT NULL,
	"exercice" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"path" text NOT NULL,
	"device" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"impersonator_id" integer,
	CONSTRAINT "tracking_events_type_check" CHECK ("tracking_events"."type" in ('CLICK', 'PAGE', 'DOCUMENT')),
	CONSTRAINT "tracking_events_device_check" CHECK ("tracking_events"."device" in ('PC', 'Smartphone', 'Tablette'))
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "status" text DEFAULT 'actif' NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "register_date" date;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "postal_city" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "siret" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "vat_id_number" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "micro_enterprise" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "habilitation_iobsp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "habilitation_ias" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "habilitation_cif" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "orias_number" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "orias_end_of_validity" date;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "branches_actives" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "vavc_total" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "level" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "qualification" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "sharepoint_link" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_audit" ADD CONSTRAINT "impersonation_audit_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_role_mappings" ADD CONSTRAINT "training_role_mappings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_image_bank_id_image_banks_id_fk" FOREIGN KEY ("image_bank_id") REFERENCES "public"."image_banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_lists" ADD CONSTRAINT "news_lists_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_lists" ADD CONSTRAINT "news_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_profiles" ADD CONSTRAINT "news_profiles_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_profiles" ADD CONSTRAINT "news_profiles_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_lists" ADD CONSTRAINT "notification_lists_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_lists" ADD CONSTRAINT "notification_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_profiles" ADD CONSTRAINT "notification_profiles_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_profiles" ADD CONSTRAINT "notification_profiles_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_lists" ADD CONSTRAINT "reminder_lists_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_lists" ADD CONSTRAINT "reminder_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_modification_requests" ADD CONSTRAINT "document_modification_requests_media_object_id_media_objects_id_fk" FOREIGN KEY ("media_object_id") REFERENCES "public"."media_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_modification_requests" ADD CONSTRAINT "document_modification_requests_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_folder_id_folders_id_fk" FOREIGN KEY ("parent_folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_banks" ADD CONSTRAINT "image_banks_media_object_id_media_objects_id_fk" FOREIGN KEY ("media_object_id") REFERENCES "public"."media_objects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_object_lists" ADD CONSTRAINT "media_object_lists_media_object_id_media_objects_id_fk" FOREIGN KEY ("media_object_id") REFERENCES "public"."media_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_object_lists" ADD CONSTRAINT "media_object_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_invoice_requests" ADD CONSTRAINT "dispatch_invoice_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_files" ADD CONSTRAINT "prospect_files_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_files" ADD CONSTRAINT "prospect_files_media_object_id_media_objects_id_fk" FOREIGN KEY ("media_object_id") REFERENCES "public"."media_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reports" ADD CONSTRAINT "registration_reports_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reports" ADD CONSTRAINT "registration_reports_sponsor_id_agents_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_reports" ADD CONSTRAINT "registration_reports_current_step_id_registration_steps_id_fk" FOREIGN KEY ("current_step_id") REFERENCES "public"."registration_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_step_states" ADD CONSTRAINT "registration_step_states_report_id_registration_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."registration_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_step_states" ADD CONSTRAINT "registration_step_states_step_id_registration_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."registration_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_participations" ADD CONSTRAINT "training_participations_session_id_training_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."training_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_participations" ADD CONSTRAINT "training_participations_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_model_id_training_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."training_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_products" ADD CONSTRAINT "financial_products_provider_id_financial_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."financial_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_sales" ADD CONSTRAINT "investment_sales_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_sales" ADD CONSTRAINT "investment_sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_sales" ADD CONSTRAINT "investment_sales_product_id_financial_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."financial_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_sale_steps" ADD CONSTRAINT "real_estate_sale_steps_sale_id_real_estate_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."real_estate_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_sales" ADD CONSTRAINT "real_estate_sales_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_sales" ADD CONSTRAINT "real_estate_sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vlps" ADD CONSTRAINT "vlps_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vlps" ADD CONSTRAINT "vlps_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vlps" ADD CONSTRAINT "vlps_product_id_financial_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."financial_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_session_id_tracking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."tracking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "impersonation_audit_admin_idx" ON "impersonation_audit" USING btree ("admin_user_id","started_at");--> statement-breakpoint
CREATE INDEX "news_date_idx" ON "news" USING btree ("date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_lists_notification_idx" ON "notification_lists" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reminder_lists_reminder_idx" ON "reminder_lists" USING btree ("reminder_id");--> statement-breakpoint
CREATE INDEX "reminders_type_date_idx" ON "reminders" USING btree ("type","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reminders_customer_idx" ON "reminders" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "customers_agent_name_idx" ON "customers" USING btree ("agent_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "customers_zip_idx" ON "customers" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "document_modification_requests_date_idx" ON "document_modification_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("type","parent_folder_id");--> statement-breakpoint
CREATE INDEX "media_objects_folder_idx" ON "media_objects" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_period_idx" ON "invoices" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "prospect_files_prospect_idx" ON "prospect_files" USING btree ("prospect_id");--> statement-breakpoint
CREATE INDEX "prospects_agent_name_idx" ON "prospects" USING btree ("agent_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "prospects_name_idx" ON "prospects" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "registration_reports_sponsor_idx" ON "registration_reports" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "registration_reports_name_idx" ON "registration_reports" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "training_participations_session_idx" ON "training_participations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "training_sessions_exercice_idx" ON "training_sessions" USING btree ("exercice","start_date");--> statement-breakpoint
CREATE INDEX "investment_sales_agent_date_idx" ON "investment_sales" USING btree ("agent_id","subscription_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investment_sales_date_idx" ON "investment_sales" USING btree ("subscription_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investment_sales_exercice_idx" ON "investment_sales" USING btree ("exercice","subscription_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investment_sales_customer_idx" ON "investment_sales" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "investment_sales_product_idx" ON "investment_sales" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "investment_sales_amount_idx" ON "investment_sales" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "real_estate_sales_agent_idx" ON "real_estate_sales" USING btree ("agent_id","last_action" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "real_estate_sales_last_action_idx" ON "real_estate_sales" USING btree ("last_action" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "real_estate_sales_exercice_idx" ON "real_estate_sales" USING btree ("exercice","last_action" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "real_estate_sales_customer_idx" ON "real_estate_sales" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "vlps_agent_idx" ON "vlps" USING btree ("agent_id","exercice");--> statement-breakpoint
CREATE INDEX "vlps_exercice_idx" ON "vlps" USING btree ("exercice","processing_date");--> statement-breakpoint
CREATE INDEX "vlps_customer_idx" ON "vlps" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tracking_events_user_time_idx" ON "tracking_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_type_time_idx" ON "tracking_events" USING btree ("type","occurred_at");--> statement-breakpoint
CREATE INDEX "agents_sponsor_idx" ON "agents" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "agents_name_idx" ON "agents" USING btree ("lastname","firstname");--> statement-breakpoint
CREATE INDEX "tracking_sessions_user_idx" ON "tracking_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_level_check" CHECK ("agents"."level" between 1 and 3);--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_status_check" CHECK ("agents"."status" in ('actif', 'inactif'));