package io.partita.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.partita.examples.orgtree.OrgTree;
import io.partita.examples.orgtree.OrgTree.Node;
import io.partita.model.TransactionCanceledException;

/** The materialized-path org tree on both backends: children through the depth index, subtrees by begins_with. */
class OrgTreeTest {

  private static OrgTree seeded(Backend backend) {
    OrgTree t = new OrgTree(backend.client(), Backend.freshTable("Org"));
    t.db.createTable();
    t.seed("acme");
    return t;
  }

  private static List<String> paths(List<Node> nodes) {
    return nodes.stream().map(Node::path).collect(Collectors.toList());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void subtreesAreOneBeginsWithQueryInDepthFirstOrder(Backend backend) {
    OrgTree t = seeded(backend);
    assertEquals(List.of("root", "root#eng", "root#eng#cloud", "root#eng#cloud#aws", "root#eng#cloud#gcp",
        "root#eng#mobile", "root#english", "root#sales", "root#sales#emea"), paths(t.subtree("acme", "root")));
    assertEquals(List.of("root#eng", "root#eng#cloud", "root#eng#cloud#aws", "root#eng#cloud#gcp", "root#eng#mobile"),
        paths(t.subtree("acme", "root#eng")), "not root#english, whose path starts with root#eng");
    assertEquals(List.of("root#eng#cloud#aws"), paths(t.subtree("acme", "root#eng#cloud#aws")), "a leaf");
    assertEquals(List.of(), t.subtree("acme", "root#nope"));
    assertEquals(List.of(), t.subtree("globex", "root"), "another organisation's partition");
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void directChildrenComeFromTheDepthIndex(Backend backend) {
    OrgTree t = seeded(backend);
    Node root = t.get("acme", "root").orElseThrow();
    assertEquals("Acme Inc.", root.name());
    assertEquals(List.of("eng", "english", "sales"), t.children(root).stream().map(Node::id)
        .collect(Collectors.toList()));
    Node eng = t.get("acme", "root#eng").orElseThrow();
    assertEquals(List.of("Cloud Team", "Mobile"), t.children(eng).stream().map(Node::name)
        .collect(Collectors.toList()), "not the grandchildren, not English Language Unit's");
    assertEquals(List.of(), t.children(t.get("acme", "root#eng#mobile").orElseThrow()));
    assertEquals(3, t.model.worksheet().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| #")).count());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void nodesNeedAParentAndMovingASubtreeRewritesItsPaths(Backend backend) {
    OrgTree t = seeded(backend);
    Node ghost = new Node("acme", "root#ghost", "Ghost", 2);
    assertThrows(TransactionCanceledException.class, () -> t.add(ghost, "x", "X"), "no parent, no child");
    assertEquals(Optional.empty(), t.get("acme", "root#ghost#x"));
    Node root = t.get("acme", "root").orElseThrow();
    assertThrows(IllegalArgumentException.class, () -> t.add(root, "a#b", "Separator in an id"));

    Node sales = t.get("acme", "root#sales").orElseThrow();
    t.move("acme", "root#eng#cloud", sales);
    assertEquals(List.of("root#sales", "root#sales#cloud", "root#sales#cloud#aws", "root#sales#cloud#gcp",
        "root#sales#emea"), paths(t.subtree("acme", "root#sales")));
    assertEquals(List.of(3, 4, 4), t.subtree("acme", "root#sales#cloud").stream().map(Node::depth)
        .collect(Collectors.toList()));
    assertEquals(List.of("root#eng", "root#eng#mobile"), paths(t.subtree("acme", "root#eng")));
    assertEquals(List.of("cloud", "emea"), t.children(sales).stream().map(Node::id).collect(Collectors.toList()));
    Node cloud = t.get("acme", "root#sales#cloud").orElseThrow();
    assertThrows(IllegalArgumentException.class, () -> t.move("acme", "root#sales", cloud), "not under itself");
  }

  @Test
  void mainRuns() {
    OrgTree.main(new String[0]);
  }
}
