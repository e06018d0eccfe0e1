-- Trigram indexes for the doctor finder text search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
