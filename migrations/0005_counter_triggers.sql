-- Counters that move with the rows they count, in the same statement (issue 16): a view key
-- counts its view, and a reaction row recomputes its kind's count and the entity's total, so no
-- stop between two statements can leave a counted row without its count or the reverse.
CREATE TRIGGER view_keys_count_the_view AFTER INSERT ON view_keys
BEGIN
  UPDATE entities SET view_count = view_count + 1 WHERE entity_id = NEW.entity_id;
END;

CREATE TRIGGER reactions_count_on_insert AFTER INSERT ON reactions
BEGIN
  INSERT INTO reaction_counts (entity_id, kind, count)
    SELECT NEW.entity_id, NEW.kind,
           (SELECT COUNT(*) FROM reactions WHERE entity_id = NEW.entity_id AND kind = NEW.kind)
    WHERE true
    ON CONFLICT (entity_id, kind) DO UPDATE SET count = excluded.count;
  UPDATE entities
     SET reaction_total = (SELECT COALESCE(SUM(count), 0) FROM reaction_counts WHERE entity_id = NEW.entity_id)
   WHERE entity_id = NEW.entity_id;
END;

CREATE TRIGGER reactions_count_on_delete AFTER DELETE ON reactions
BEGIN
  UPDATE reaction_counts
     SET count = (SELECT COUNT(*) FROM reactions WHERE entity_id = OLD.entity_id AND kind = OLD.kind)
   WHERE entity_id = OLD.entity_id AND kind = OLD.kind;
  UPDATE entities
     SET reaction_total = (SELECT COALESCE(SUM(count), 0) FROM reaction_counts WHERE entity_id = OLD.entity_id)
   WHERE entity_id = OLD.entity_id;
END;
