ALTER TABLE "posts" ADD COLUMN "body_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change of a story's paragraphs, by any writer, moves its body_version.
CREATE FUNCTION posts_body_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paragraphs IS DISTINCT FROM OLD.paragraphs THEN
    NEW.body_version := OLD.body_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_body_version BEFORE UPDATE OF paragraphs ON posts FOR EACH ROW EXECUTE FUNCTION posts_body_version_bump();
