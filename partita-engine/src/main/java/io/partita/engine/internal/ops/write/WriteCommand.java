package io.partita.engine.internal.ops.write;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.ItemCollections;
import io.partita.engine.internal.ops.request.Conditions;
import io.partita.engine.internal.ops.request.IndexEntries;
import io.partita.engine.internal.ops.request.ItemKey;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ItemSize;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * A validated single-item write: a PutItem, UpdateItem or DeleteItem request, a transaction's
 * action or a BatchWriteItem entry, once {@link WriteCommands} has made every check DynamoDB makes
 * before the item is read. It is immutable and holds its table, its key and its parsed
 * expressions; the checks that need the current item (the condition, a key attribute an update
 * names, the item an update makes) are its {@link #apply}, run by {@link ReadModifyWrite} under the
 * item's lock. Execution never checks a command again.
 */
public sealed interface WriteCommand extends ReadModifyWrite.Step {
  /**
   * The table as the request named it, by name or ARN: what ConsumedCapacity's TableName answers (the
   * API reference: "If you had specified the ARN of a table in the input, you'll see the table ARN in
   * the response").
   */
  String named();

  Table table();

  ItemKey key();

  /** What the single-item response returns (NONE inside a transaction or a batch). */
  ReturnValue returnValues();

  /** This command as one target of {@link ReadModifyWrite}. */
  default ReadModifyWrite.Target target() {
    return new ReadModifyWrite.Target(table(), key(), this);
  }

  /** Runs this command alone, as a single-item write. */
  default ReadModifyWrite.Result run(EngineContext ctx) {
    return ReadModifyWrite.run(ctx, target());
  }

  /** The ItemCollectionMetrics of this write's result, or null when not asked for or not applicable. */
  default ItemCollectionMetrics metrics(ReturnItemCollectionMetrics mode, ReadModifyWrite.Result r) {
    return ItemCollections.metrics(mode, table().def(), key().attributes(), r.collectionSize());
  }

  /**
   * The Attributes a single-item write answers for its ReturnValues: the old item for ALL_OLD (a
   * Put's and a Delete's only choice); null for none, or when there was no item.
   */
  default Map<String, AttributeValue> returned(ReadModifyWrite.Result r) {
    return returnValues() == ReturnValue.ALL_OLD && r.before() != null && !r.before().isEmpty() ? r.before() : null;
  }

  /** The ConsumedCapacity of this write's result, or null when not asked for. */
  default ConsumedCapacity capacity(ReturnConsumedCapacity mode, ReadModifyWrite.Result r) {
    return r.writeUnits().report(mode, named(), table().def().name());
  }

  /**
   * Writes {@code item} whole, under {@code condition} (null: none). {@code size} is the item's size
   * by DynamoDB's rules, measured once. {@code checkedAgainst} is the table definition its index keys'
   * values were checked against; unless {@code typesChecked}, their types are checked when the item is
   * written, before the condition: DynamoDB finds a wrong type then, so inside a transaction it is the
   * action's ValidationError, not the request's error. An index added to the table between the check
   * and the write (UpdateTable) has the item checked whole against it then.
   */
  record Put(String named, Table table, ItemKey key, Map<String, AttributeValue> item, long size,
      Condition condition, boolean allOldOnFailure, TableDef checkedAgainst, boolean typesChecked,
      ReturnValue returnValues) implements WriteCommand {
    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> current) {
      TableDef now = table.def();
      if (now != checkedAgainst) {
        IndexEntries.check(now, item);
      } else if (!typesChecked) {
        IndexEntries.checkTypes(now, item);
      }
      Conditions.require(condition, current, allOldOnFailure);
      return item;
    }

    @Override
    public long sizeOf(Map<String, AttributeValue> after) {
      return after == item ? size : ItemSize.of(after);
    }
  }

  /**
   * Edits the item in place, making it from its key when there is none (as DynamoDB does).
   * {@code update} is null for an UpdateItem with only a condition; {@code keyAttribute} is a key
   * attribute the update names (refused once the item is read, so inside a transaction it is the
   * action's ValidationError); {@code legacyValues} the values of legacy AttributeUpdates.
   */
  record Update(String named, Table table, ItemKey key, io.partita.engine.internal.expr.Update update, Condition condition,
      boolean allOldOnFailure, String keyAttribute, Map<String, AttributeValue> legacyValues,
      ReturnValue returnValues) implements WriteCommand {
    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> current) {
      if (keyAttribute != null) {
        throw PartitaException.validation("One or more parameter values were invalid: Cannot update attribute "
            + keyAttribute + ". This attribute is part of the key");
      }
      // AttributeUpdates' values are known before the item is: the service refuses one of another type
      // than an index key attribute it names (any action) before it reads
      IndexEntries.checkTypes(table.def(), legacyValues);
      Conditions.require(condition, current, allOldOnFailure);
      if (current == null && update != null && update.onlyRemoves()) {
        return null; // nothing to remove from an item that is not there, and no item made of it
      }
      Map<String, AttributeValue> base = current == null ? new HashMap<>(key.attributes()) : current;
      if (update == null) {
        return base;
      }
      Map<String, AttributeValue> updated = update.apply(base);
      if (ItemSize.of(updated) > ItemSize.MAX_ITEM_BYTES) {
        throw PartitaException.validation("Item size to update has exceeded the maximum allowed size");
      }
      IndexEntries.checkUpdated(table.def(), updated);
      io.partita.engine.internal.vector.VectorItems.checkChanged(table.def(), current, updated);
      return updated;
    }

    /** UpdateItem's ReturnValues: the old or new item whole, or only the attributes the update named. */
    @Override
    public Map<String, AttributeValue> returned(ReadModifyWrite.Result r) {
      Map<String, AttributeValue> attributes = switch (returnValues) {
        case ALL_OLD -> r.before();
        case ALL_NEW -> r.after();
        case UPDATED_OLD -> r.before() == null || update == null ? null : update.updatedPaths().apply(r.before());
        case UPDATED_NEW -> update == null ? null : update.updatedPaths().apply(r.after());
        default -> null;
      };
      return attributes == null || attributes.isEmpty() ? null : attributes;
    }
  }

  /** Removes the item under {@code condition} (null: none); deleting nothing succeeds. */
  record Delete(String named, Table table, ItemKey key, Condition condition, boolean allOldOnFailure,
      ReturnValue returnValues) implements WriteCommand {
    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> current) {
      Conditions.require(condition, current, allOldOnFailure);
      return null;
    }
  }

  /** A transaction's ConditionCheck: checks {@code condition} and writes nothing. */
  record Check(String named, Table table, ItemKey key, Condition condition, boolean allOldOnFailure)
      implements WriteCommand {
    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> current) {
      Conditions.require(condition, current, allOldOnFailure);
      return current; // the same object: ReadModifyWrite writes nothing for it
    }

    @Override
    public ReturnValue returnValues() {
      return ReturnValue.NONE;
    }
  }
}
