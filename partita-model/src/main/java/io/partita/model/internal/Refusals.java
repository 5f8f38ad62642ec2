package io.partita.model.internal;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

import io.partita.model.AlreadyExistsException;
import io.partita.model.ConditionFailedException;
import io.partita.model.VersionConflictException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Explains a refused condition as the typed exception a caller can act on: "already exists", "no item to update",
 * "another entity's item", a version conflict, a changed value a derived key was built from, a broken rule, or the
 * caller's own condition. Kept apart from planning because a transaction explains its actions' refusals too.
 */
final class Refusals {
  private final EntityModel<?> entity;
  private final boolean returnCurrent;

  Refusals(EntityModel<?> entity, boolean returnCurrent) {
    this.entity = entity;
    this.returnCurrent = returnCurrent;
  }

  /** A derived-key input read before the write changed before it: plan again. */
  static final class StaleReadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StaleReadException(Throwable cause) {
      super(null, cause, false, false);
    }
  }

  /**
   * Explains a refused condition. {@code known} says whether {@code current} is the item as it is (null: none);
   * otherwise the cause is inferred from what the write checked.
   */
  ConditionFailedException failure(WriteCommand p, Map<String, AttributeValue> current, boolean known,
      Throwable cause) {
    Map<String, AttributeValue> item = current == null || current.isEmpty() ? null : current;
    Object decoded = returnCurrent && item != null && entity.owns(item) ? entity.decode(item, false) : null;
    String where = describe(p.key());
    String name = entity.name();
    if (p instanceof CreateCommand) {
      return new AlreadyExistsException("Entity " + name + ": an item with key " + where + " already exists", name,
          decoded, cause);
    }
    if (known) {
      ConditionFailedException explained = fromItem(p, item, where, decoded, cause);
      if (explained != null) {
        return explained;
      }
    } else if (guardsOwner(p) && !checksVersion(p) && !p.callerCondition()) {
      return anotherEntity(null, where, cause); // the only condition the write had
    } else if (checksVersion(p)) {
      // with a caller condition too, the version is to blame only when the stored one differs (unknown here)
      if (!p.callerCondition()) {
        return versionConflict(p, where, decoded, cause);
      }
    }
    if (p.ruleGuards() != null) {
      return new ConditionFailedException("Entity " + name + ": item " + where + ": the change would break rule "
          + p.ruleGuards() + (p.callerCondition() ? ", or your condition does not hold" : ""), name, decoded, cause);
    }
    return new ConditionFailedException("Entity " + name + ": the condition on item " + where + " does not hold",
        name, decoded, cause);
  }

  /** The explanation the item as it is gives, or null when it gives none (then the rules or the caller's). */
  private ConditionFailedException fromItem(WriteCommand p, Map<String, AttributeValue> item, String where,
      Object decoded, Throwable cause) {
    String name = entity.name();
    boolean owned = item != null && entity.owns(item);
    if (p instanceof UpdateCommand && !owned) {
      return new ConditionFailedException("Entity " + name + ": there is no item of this entity at " + where
          + " to update", name, decoded, cause);
    }
    if (item != null && !owned && guardsOwner(p)) {
      return anotherEntity(item, where, cause);
    }
    if (checksVersion(p)) {
      Long stored = versionOf(item);
      boolean conflict = p.expectedVersion() == null ? item != null : !p.expectedVersion().equals(stored);
      if (conflict) {
        return versionConflict(p, where, decoded, cause);
      }
    }
    for (Map.Entry<String, AttributeValue> g : p.guards().entrySet()) {
      AttributeValue now = item == null ? null : item.get(g.getKey());
      if (!Objects.equals(now, g.getValue())) {
        if (p.readGuards().contains(g.getKey())) {
          throw new StaleReadException(cause);
        }
        return new ConditionFailedException("Entity " + name + ": item " + where + " does not hold the assumed"
            + " value of " + g.getKey(), name, decoded, cause);
      }
    }
    return null;
  }

  /** Whether the write's condition keeps it off another entity's item (see ItemPlanner.ownedOrAbsent). */
  private static boolean guardsOwner(WriteCommand p) {
    return p instanceof PutCommand || p instanceof DeleteCommand || p instanceof UpsertCommand;
  }

  /** The refusal of a write by key whose key holds an item that is not this entity's ({@code item}, if known). */
  private ConditionFailedException anotherEntity(Map<String, AttributeValue> item, String where, Throwable cause) {
    String holder = "";
    if (item != null) {
      AttributeValue t = item.get(entity.typeAttribute());
      holder = t == null || t.s() == null ? " (one without a type attribute " + entity.typeAttribute() + ")"
          : " (of type " + t.s() + ")";
    }
    return new ConditionFailedException("Entity " + entity.name() + ": the item at " + where + " belongs to another"
        + " entity" + holder + "; a put or delete by key leaves it alone", entity.name(), null, cause);
  }

  /** Whether the write checked a version: a versioned command, or any put of a versioned entity. */
  private boolean checksVersion(WriteCommand p) {
    return p.versioned() || (p instanceof PutCommand && entity.version() != null);
  }

  private VersionConflictException versionConflict(WriteCommand p, String where, Object decoded, Throwable cause) {
    return new VersionConflictException("Entity " + entity.name() + ": item " + where + " expected "
        + (p.expectedVersion() == null ? "no item" : "version " + p.expectedVersion())
        + " but another write came first", entity.name(), p.expectedVersion(), decoded, cause);
  }

  private Long versionOf(Map<String, AttributeValue> item) {
    if (item == null || entity.version() == null) {
      return null;
    }
    AttributeValue v = item.get(entity.version().stored());
    return v == null || v.n() == null ? null : new BigDecimal(v.n()).longValueExact();
  }

  /** The decoded item when the handle asked for current items and it is one of this entity's, else null. */
  Object decodeCurrent(Map<String, AttributeValue> item) {
    return item != null && !item.isEmpty() && entity.owns(item) ? entity.decode(item, false) : null;
  }

  /** The item's key as a message shows it: {@code pk / sk}. */
  String describe(Map<String, AttributeValue> key) {
    KeyShape s = entity.tableKey().shape();
    AttributeValue pk = key.get(s.partitionKey());
    AttributeValue sk = s.sortKey() == null ? null : key.get(s.sortKey());
    return (pk == null ? "?" : pk.s()) + (sk == null ? "" : " / " + sk.s());
  }
}
