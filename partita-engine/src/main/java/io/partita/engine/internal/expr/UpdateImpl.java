package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Operands.Val;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A bound update. Every operand is evaluated against the item as it was before the update; then
 * SET, ADD and DELETE actions are applied, and REMOVE last, list indexes from the highest down so
 * that several removals from one list all use the original indexes. SETs are applied with list
 * indexes from the lowest up: a SET past a list's end appends, and several such in one update are
 * appended in the order of their indexes, not as written (the Developer Guide, "Using update
 * expressions": "If you add multiple elements in a single SET operation, the elements are sorted in
 * order by element number").
 */
final class UpdateImpl implements Update {
  record SetOp(DocPath path, Val value) {}

  record SetAction(DocPath path, AttributeValue value) {}

  private final List<SetOp> sets;
  private final List<DocPath> removes;
  private final List<SetAction> adds;
  private final List<SetAction> deletes;
  /** Every action's path, in the order written. */
  private final List<DocPath> all;
  /** The projection of {@link #all}, made when first asked for: only UPDATED_OLD and UPDATED_NEW need it. */
  private volatile ProjectionImpl updated;

  UpdateImpl(List<SetOp> sets, List<DocPath> removes, List<SetAction> adds, List<SetAction> deletes, List<DocPath> all) {
    List<SetOp> setsInOrder = new ArrayList<>(sets);
    setsInOrder.sort(Comparator.comparing(SetOp::path, pathOrder(false)));
    this.sets = List.copyOf(setsInOrder);
    List<DocPath> sorted = new ArrayList<>(removes);
    sorted.sort(pathOrder(true));
    this.removes = List.copyOf(sorted);
    this.adds = List.copyOf(adds);
    this.deletes = List.copyOf(deletes);
    this.all = List.copyOf(all);
  }

  /**
   * Element by element, names in order and list indexes ascending or, for removals, descending, so
   * that a removal does not shift a later one.
   */
  private static Comparator<DocPath> pathOrder(boolean indexesDescending) {
    return (a, b) -> {
      for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
        Object x = a.get(i);
        Object y = b.get(i);
        if (x instanceof Integer xi && y instanceof Integer yi) {
          int c = indexesDescending ? Integer.compare(yi, xi) : Integer.compare(xi, yi);
          if (c != 0) {
            return c;
          }
        } else if (x instanceof String xs && y instanceof String ys) {
          int c = xs.compareTo(ys);
          if (c != 0) {
            return c;
          }
        } else {
          return x instanceof String ? -1 : 1;
        }
      }
      return Integer.compare(a.size(), b.size());
    };
  }

  @Override
  public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> original = item == null ? Map.of() : item;
    // DynamoDB's order of errors: a path through a value that is no map or list (where the path
    // needs one), before any operand is evaluated; then an operand of the wrong type in any SET,
    // before an operand that does not exist; then, applying, a path through a value that does not
    // exist, and the ADD and DELETE operand types
    checkPaths(original);
    List<AttributeValue> values = new ArrayList<>(sets.size());
    boolean missing = false;
    for (SetOp s : sets) {
      AttributeValue value = null;
      try {
        value = Operands.required(s.value(), original);
      } catch (PartitaException e) {
        if (!ExprErrors.MISSING_ATTRIBUTE.equals(e.getMessage())) {
          throw e;
        }
        missing = true;
      }
      values.add(value);
    }
    if (missing) {
      throw PartitaException.validation(ExprErrors.MISSING_ATTRIBUTE);
    }
    Map<String, AttributeValue> result = new LinkedHashMap<>(original);
    for (int i = 0; i < sets.size(); i++) {
      put(result, sets.get(i).path(), values.get(i));
    }
    for (SetAction add : adds) {
      put(result, add.path(), AddDelete.add(add.path().resolve(original), add.value(), ExprErrors.INCORRECT_DATA_TYPE));
    }
    for (SetAction delete : deletes) {
      AttributeValue existing = delete.path().resolve(original);
      if (existing == null) {
        // deleting from an absent set is a no-op, but only where the path itself could exist
        // (DynamoDB refuses e.g. DELETE l[0] :s on a missing list, or DELETE ss.a :s on a set)
        if (!delete.path().parentHolds(original)) {
          throw invalidPath();
        }
        continue;
      }
      AttributeValue left = AddDelete.delete(existing, delete.value(), ExprErrors.INCORRECT_DATA_TYPE);
      if (left == null) {
        remove(result, delete.path());
      } else {
        put(result, delete.path(), left);
      }
    }
    for (DocPath path : removes) {
      remove(result, path);
    }
    return result;
  }

  private void checkPaths(Map<String, AttributeValue> original) {
    for (SetOp s : sets) {
      checkPath(s.path(), original);
    }
    for (DocPath path : removes) {
      checkPath(path, original);
    }
    for (SetAction add : adds) {
      checkPath(add.path(), original);
    }
    for (SetAction delete : deletes) {
      checkPath(delete.path(), original);
    }
  }

  /** Refuses a path that goes through an existing value that is no map (for a name) or no list (for an index). */
  private static void checkPath(DocPath path, Map<String, AttributeValue> original) {
    AttributeValue container = original.get(path.top());
    for (int i = 1; i < path.size() && container != null; i++) {
      if (path.get(i) instanceof String key) {
        if (!container.hasM()) {
          throw invalidPath();
        }
        container = container.m().get(key);
      } else {
        int index = (Integer) path.get(i);
        if (!container.hasL()) {
          throw invalidPath();
        }
        container = index < container.l().size() ? container.l().get(index) : null;
      }
    }
  }

  // ---- document path surgery on copies ----

  private static PartitaException invalidPath() {
    return PartitaException.validation(ExprErrors.INVALID_PATH_FOR_UPDATE);
  }

  static void put(Map<String, AttributeValue> item, DocPath path, AttributeValue value) {
    if (path.size() == 1) {
      item.put(path.top(), value);
      return;
    }
    AttributeValue top = item.get(path.top());
    if (top == null) {
      throw invalidPath();
    }
    item.put(path.top(), putIn(top, path, 1, value));
  }

  private static AttributeValue putIn(AttributeValue container, DocPath path, int i, AttributeValue value) {
    boolean last = i == path.size() - 1;
    Object e = path.get(i);
    if (e instanceof String key) {
      if (!container.hasM()) {
        throw invalidPath();
      }
      Map<String, AttributeValue> map = new LinkedHashMap<>(container.m());
      if (last) {
        map.put(key, value);
      } else {
        AttributeValue child = map.get(key);
        if (child == null) {
          throw invalidPath();
        }
        map.put(key, putIn(child, path, i + 1, value));
      }
      return AttributeValue.fromM(map);
    }
    int index = (Integer) e;
    if (!container.hasL()) {
      throw invalidPath();
    }
    List<AttributeValue> list = new ArrayList<>(container.l());
    if (last) {
      if (index < list.size()) {
        list.set(index, value);
      } else {
        list.add(value);
      }
    } else {
      if (index >= list.size()) {
        throw invalidPath();
      }
      list.set(index, putIn(list.get(index), path, i + 1, value));
    }
    return AttributeValue.fromL(list);
  }

  static void remove(Map<String, AttributeValue> item, DocPath path) {
    if (path.size() == 1) {
      item.remove(path.top());
      return;
    }
    AttributeValue top = item.get(path.top());
    if (top == null) {
      throw invalidPath();
    }
    item.put(path.top(), removeIn(top, path, 1));
  }

  private static AttributeValue removeIn(AttributeValue container, DocPath path, int i) {
    boolean last = i == path.size() - 1;
    Object e = path.get(i);
    if (e instanceof String key) {
      if (!container.hasM()) {
        throw invalidPath();
      }
      Map<String, AttributeValue> map = new LinkedHashMap<>(container.m());
      if (last) {
        if (map.remove(key) == null) {
          return container;
        }
      } else {
        AttributeValue child = map.get(key);
        if (child == null) {
          throw invalidPath();
        }
        map.put(key, removeIn(child, path, i + 1));
      }
      return AttributeValue.fromM(map);
    }
    int index = (Integer) e;
    if (!container.hasL()) {
      throw invalidPath();
    }
    List<AttributeValue> list = new ArrayList<>(container.l());
    if (last) {
      if (index >= list.size()) {
        return container;
      }
      list.remove(index);
    } else {
      if (index >= list.size()) {
        throw invalidPath();
      }
      list.set(index, removeIn(list.get(index), path, i + 1));
    }
    return AttributeValue.fromL(list);
  }

  @Override
  public Set<String> topLevelAttributes() {
    return ProjectionImpl.topLevel(all);
  }

  @Override
  public boolean onlyRemoves() {
    return sets.isEmpty() && adds.isEmpty() && !(removes.isEmpty() && deletes.isEmpty());
  }

  @Override
  public Projection updatedPaths() {
    ProjectionImpl p = updated;
    if (p == null) {
      p = new ProjectionImpl(all);
      updated = p;
    }
    return p;
  }

}
