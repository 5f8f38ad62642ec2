package io.partita.engine.internal.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A projection as a tree of the projected paths. Projected list elements come back compacted in
 * index order, maps keep only the projected keys, and containers left empty are omitted.
 */
final class ProjectionImpl implements Projection {
  private static final class Node {
    boolean terminal;
    final Map<String, Node> names = new LinkedHashMap<>();
    final TreeMap<Integer, Node> indexes = new TreeMap<>();

    Node child(Object element) {
      return element instanceof String s
          ? names.computeIfAbsent(s, k -> new Node())
          : indexes.computeIfAbsent((Integer) element, k -> new Node());
    }
  }

  private final List<DocPath> paths;
  private final Node root = new Node();
  private final Set<String> wholeAttributes;

  ProjectionImpl(List<DocPath> paths) {
    this.paths = List.copyOf(paths);
    for (DocPath path : paths) {
      Node node = root;
      for (Object e : path.elements()) {
        node = node.child(e);
      }
      node.terminal = true;
    }
    boolean whole = root.names.values().stream().allMatch(n -> n.terminal);
    this.wholeAttributes = whole ? Collections.unmodifiableSet(new LinkedHashSet<>(root.names.keySet())) : null;
  }

  List<DocPath> paths() {
    return paths;
  }

  @Override
  public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> out = new LinkedHashMap<>();
    if (item == null) {
      return out;
    }
    for (Map.Entry<String, Node> e : root.names.entrySet()) {
      AttributeValue v = item.get(e.getKey());
      AttributeValue projected = v == null ? null : project(e.getValue(), v);
      if (projected != null) {
        out.put(e.getKey(), projected);
      }
    }
    return out;
  }

  private static AttributeValue project(Node node, AttributeValue v) {
    if (node.terminal) {
      return v;
    }
    if (!node.names.isEmpty() && v.hasM()) {
      Map<String, AttributeValue> out = new LinkedHashMap<>();
      for (Map.Entry<String, Node> e : node.names.entrySet()) {
        AttributeValue child = v.m().get(e.getKey());
        AttributeValue projected = child == null ? null : project(e.getValue(), child);
        if (projected != null) {
          out.put(e.getKey(), projected);
        }
      }
      return out.isEmpty() ? null : AttributeValue.fromM(out);
    }
    if (!node.indexes.isEmpty() && v.hasL()) {
      List<AttributeValue> out = new ArrayList<>();
      for (Map.Entry<Integer, Node> e : node.indexes.entrySet()) {
        if (e.getKey() < v.l().size()) {
          AttributeValue projected = project(e.getValue(), v.l().get(e.getKey()));
          if (projected != null) {
            out.add(projected);
          }
        }
      }
      return out.isEmpty() ? null : AttributeValue.fromL(out);
    }
    return null;
  }

  @Override
  public Set<String> wholeAttributes() {
    return wholeAttributes;
  }

  @Override
  public Set<String> topLevelAttributes() {
    return topLevel(paths);
  }

  /** The attributes {@code paths} start at, each once, in the order written. */
  static Set<String> topLevel(List<DocPath> paths) {
    Set<String> out = new LinkedHashSet<>();
    for (DocPath p : paths) {
      out.add(p.top());
    }
    return Collections.unmodifiableSet(out);
  }

  @Override
  public String toString() {
    return "Projection" + paths;
  }
}
