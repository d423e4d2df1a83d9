CREATE TABLE "outbox_consumers" (
	"topic" text NOT NULL,
	"consumer" text NOT NULL,
	"attempts" integer NOT NULL,
	"backoff_ms" integer NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_consumers_topic_consumer_pk" PRIMARY KEY("topic","consumer")
);
