CREATE TABLE "finder_index_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"rebuilt_at" timestamp with time zone DEFAULT now() NOT NULL
);
