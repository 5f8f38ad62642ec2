package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.value.AttributeValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;

/**
 * UpdateItem's legacy {@code AttributeUpdates} as an {@link Update}, so UpdateItem runs it as it runs
 * a bound UpdateExpression. Each entry names a top-level attribute: PUT (the default) sets it, DELETE
 * without a value removes it, DELETE with a set removes those elements (the attribute goes when none
 * are left), ADD adds a number (a missing attribute counting as 0), unites a set or appends a list.
 * Semantics, messages and their order: docs/legacy-parameters.md section 8 (the API reference's
 * AttributeValueUpdate, dynalite's and scylladb's suites run against the service).
 */
public final class LegacyUpdate implements Update {
  private static final String INVALID = "One or more parameter values were invalid: ";
  /** The service's answer to ADD or DELETE on an attribute of another type; not the expression's message. */
  private static final String MISMATCH = "Type mismatch for attribute to update";

  private record Entry(String name, String action, AttributeValue value) {}

  private final List<Entry> entries;
  private final ProjectionImpl updated;

  private LegacyUpdate(List<Entry> entries) {
    this.entries = List.copyOf(entries);
    List<DocPath> paths = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      paths.add(new DocPath(List.of(e.name())));
    }
    this.updated = new ProjectionImpl(paths);
  }

  /** The AttributeUpdates of a request, after the service's checks of each entry, in its order. */
  public static LegacyUpdate of(Map<String, AttributeValueUpdate> updates) {
    List<Entry> entries = new ArrayList<>(updates.size());
    for (Map.Entry<String, AttributeValueUpdate> e : updates.entrySet()) {
      AttributeValues.checkName(e.getKey());
      AttributeValueUpdate u = e.getValue();
      AttributeValue value = u.value() == null ? null : AttributeValues.validateValue(u.value());
      String action = u.actionAsString() == null ? "PUT" : u.actionAsString();
      if (value == null && !action.equals("DELETE")) {
        throw invalid("Only DELETE action is allowed when no attribute value is specified");
      }
      if (value != null) {
        String type = AttributeValues.typeName(value);
        if (action.equals("DELETE") && !Values.isSet(value)) {
          throw invalid("DELETE action with value is not supported for the type " + type);
        }
        if (action.equals("ADD") && !Values.isSet(value) && !type.equals("N") && !type.equals("L")) {
          throw invalid("ADD action is not supported for the type " + type);
        }
      }
      entries.add(new Entry(e.getKey(), action, value));
    }
    return new LegacyUpdate(entries);
  }

  /**
   * The values given, by attribute: the service checks their types against the index key attributes
   * before it reads the item, whatever the action.
   */
  public Map<String, AttributeValue> values() {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    for (Entry e : entries) {
      if (e.value() != null) {
        out.put(e.name(), e.value());
      }
    }
    return out;
  }

  @Override
  public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> result = new LinkedHashMap<>(item == null ? Map.of() : item);
    // each attribute is named once, so applying the entries in turn is applying them to the item as it was
    for (Entry e : entries) {
      AttributeValue existing = result.get(e.name());
      switch (e.action()) {
        case "PUT" -> result.put(e.name(), e.value());
        case "ADD" -> result.put(e.name(), AddDelete.add(existing, e.value(), MISMATCH));
        case "DELETE" -> {
          AttributeValue left = e.value() == null || existing == null
              ? null : AddDelete.delete(existing, e.value(), MISMATCH);
          if (left == null) {
            result.remove(e.name());
          } else {
            result.put(e.name(), left);
          }
        }
        default -> throw new IllegalStateException("Action " + e.action() + " passed the API's enum check");
      }
    }
    return result;
  }

  @Override
  public boolean onlyRemoves() {
    for (Entry e : entries) {
      if (!e.action().equals("DELETE")) {
        return false;
      }
    }
    return !entries.isEmpty();
  }

  @Override
  public Set<String> topLevelAttributes() {
    return updated.topLevelAttributes();
  }

  @Override
  public Projection updatedPaths() {
    return updated;
  }

  private static PartitaException invalid(String message) {
    return PartitaException.validation(INVALID + message);
  }
}
