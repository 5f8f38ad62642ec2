package io.partita.engine.internal.expr;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A bound document path: {@code String} elements are map keys, {@code Integer} elements list indexes. */
record DocPath(List<Object> elements) {
  DocPath {
    elements = List.copyOf(elements);
  }

  String top() {
    return (String) elements.get(0);
  }

  int size() {
    return elements.size();
  }

  Object get(int i) {
    return elements.get(i);
  }

  /** The value at this path in {@code item}, or {@code null} when the path leads nowhere. */
  AttributeValue resolve(Map<String, AttributeValue> item) {
    if (item == null) {
      return null;
    }
    AttributeValue current = item.get(top());
    for (int i = 1; i < elements.size() && current != null; i++) {
      Object e = elements.get(i);
      if (e instanceof String key) {
        current = current.hasM() ? current.m().get(key) : null;
      } else {
        int index = (Integer) e;
        current = current.hasL() && index < current.l().size() ? current.l().get(index) : null;
      }
    }
    return current;
  }

  /**
   * True when everything above the last element exists and is the container the last element
   * needs (a map for a key, a list for an index): the path could be written, even if its last
   * element is absent.
   */
  boolean parentHolds(Map<String, AttributeValue> item) {
    if (elements.size() == 1) {
      return true;
    }
    AttributeValue parent = new DocPath(elements.subList(0, elements.size() - 1)).resolve(item);
    if (parent == null) {
      return false;
    }
    return elements.get(elements.size() - 1) instanceof String ? parent.hasM() : parent.hasL();
  }

  /** DynamoDB's rendering in error messages: {@code [a, [0], b]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < elements.size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      Object e = elements.get(i);
      sb.append(e instanceof Integer ? "[" + e + "]" : e);
    }
    return sb.append(']').toString();
  }
}
