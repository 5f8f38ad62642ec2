package io.partita.model.internal;

import java.util.Map;
import java.util.Set;

import io.partita.model.Ids;
import io.partita.model.ModelException;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;

/**
 * Keeps an item's table key where it is. The table key is the item's identity: a value in it that the library
 * rewrites, or fills in when the caller left it empty, would put the item somewhere new and leave the stored one
 * beside it. Two checks: at model build, a field every write rewrites (updatedAt, the version) in the table key; at a
 * write that replaces an item (put, upsert, a batch or transaction put), a table key field the caller left null that
 * the library would fill (createdAt's stamp, a declared default). Index keys may hold such fields: an index entry is
 * rewritten with the item on every write, which is what a "recently updated" index is for.
 */
final class KeyDrift {
  private KeyDrift() {}

  /**
   * Refuses updatedAt or the version in the table key templates: every update rewrites them, so the item's key would
   * have to change with each write, which DynamoDB cannot do (an update never moves an item).
   */
  static void checkModel(String entity, TemplateKey tableKey, Field updatedAt, Field version) {
    Set<String> keyFields = Set.copyOf(EntityModel.fieldsOf(tableKey));
    for (Field f : new Field[] {updatedAt, version}) {
      if (f != null && keyFields.contains(f.name())) {
        String what = f == updatedAt ? "the updatedAt timestamp" : "the version";
        throw new ModelException("Entity " + entity + ", field " + f.name() + ": it is " + what + ", which every"
            + " write changes, and it feeds the table key (" + ModelCompiler.describe(tableKey) + "); the key would"
            + " drift with each write and leave the item behind. Key the item by a field that never changes (an id,"
            + " or createdAt); to sort by " + f.name() + ", put it in an index key", entity, f.name());
      }
    }
  }

  /**
   * Refuses a write that replaces the item of {@code given} (the record's values as the caller gave them) when a
   * table key field is null and the library would fill it: the filled value names a key of its own, so the write would
   * land beside the item already stored for this record instead of replacing it. A write whose table key gets a newly
   * generated id is a new item by construction, so nothing can move.
   */
  static void checkReplace(EntityModel<?> entity, Object[] given, String operation) {
    Map<Field, Ids> generated = entity.generatedIds();
    Set<String> keyFields = entity.tableKeyFields();
    for (Field f : generated.keySet()) {
      Object v = EntityModel.unwrap(f, given[f.index()]);
      if (keyFields.contains(f.name()) && (v == null || "".equals(v))) {
        return;
      }
    }
    for (String name : keyFields) {
      Field f = entity.mapper().field(name);
      if (EntityModel.unwrap(f, given[f.index()]) != null) {
        continue;
      }
      String filler = f == entity.createdAt() ? "the write's own timestamp"
          : entity.defaults().containsKey(f) ? "its default " + entity.defaults().get(f) : null;
      if (filler != null) {
        throw new ValidationException("Entity " + entity.name() + ", field " + name + ": " + (operation.startsWith("u") ? "an " : "a ") + operation + " with "
            + name + " null would key the item by " + filler + " (" + ModelCompiler.describe(entity.tableKey())
            + "), beside the item already stored for this record instead of replacing it; give the stored value,"
            + " or use create() for a new item", entity.name(), name);
      }
    }
  }
}
