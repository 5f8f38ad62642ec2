package io.partita.examples.orgtree;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Condition;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import io.partita.model.Transaction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An organisation tree stored as materialized paths, pattern 4 of the single-table design notes: every node's sort
 * key is its full path from the root, so a subtree is one {@code begins_with} Query.
 *
 * <pre>
 * Node   pk ORG#{org}   sk PATH#{path}#   gsi1: ORG#{org}#DEPTH#{depth} / PATH#{path}#
 *
 *        ORG#acme       PATH#root#                  Acme Inc.      depth 1
 *        ORG#acme       PATH#root#eng#              Engineering    depth 2
 *        ORG#acme       PATH#root#eng#cloud#        Cloud Team     depth 3
 * </pre>
 *
 * <p>The sort key ends with the separator. Without it, {@code begins_with(sk, "PATH#root#eng")} would also return
 * {@code root#english} and its subtree; with it, the prefix of eng's subtree is {@code PATH#root#eng#}, which no
 * other node starts with. Node ids are {@code [a-z0-9-]+}, so they cannot contain the separator, and since
 * {@code #} sorts before every character an id may hold, a subtree comes back in depth-first pre-order.
 *
 * <ul>
 *   <li>P9, a subtree: {@code pk = ORG#acme AND begins_with(sk, PATH#root#eng#)} on the table: the node first,
 *       then every descendant.
 *   <li>P8, a node's direct children: the notes read the subtree and keep the nodes one level down, which costs
 *       the whole subtree; here gsi1 indexes each node by its depth, so {@code gsi1pk = ORG#acme#DEPTH#3 AND
 *       begins_with(gsi1sk, PATH#root#eng#)} reads exactly the children (and the node itself is a GetItem).
 * </ul>
 *
 * <p>What the layout costs: moving a subtree rewrites the key of every node in it ({@link #move}, one transaction,
 * so at most 49 nodes), and the whole tree is one item collection: fine for thousands of nodes, a hot partition
 * for a large multi-tenant tree, which would be partitioned by tenant or top-level department.
 */
public final class OrgTree {

  private static final Pattern ID = Pattern.compile("[a-z0-9-]+");

  /** A node: {@code path} is the ids from the root, joined by {@code #}; {@code depth} counts them. */
  public record Node(String org, String path, String name, int depth) {

    /** The node's own id, the last segment of its path. */
    public String id() {
      return path.substring(path.lastIndexOf('#') + 1);
    }
  }

  public final Entity<Node> node = Entity.of(Node.class)
      .key("ORG#{org}", "PATH#{path}#")
      .index("gsi1", "ORG#{org}#DEPTH#{depth}", "PATH#{path}#");

  public final AccessPattern<Node> getNode = AccessPattern.of("Get a node", node)
      .partition("ORG#{org}").sortEq("PATH#{path}#").frequency("high").latency("< 10 ms").build();
  /** P8. */
  public final AccessPattern<Node> childrenOf = AccessPattern.of("Direct children of a node", node)
      .index("gsi1").partition("ORG#{org}#DEPTH#{depth}").sortBeginsWith("PATH#{path}#")
      .entry("Node").range("depth = parent's + 1").order("by id").frequency("high").latency("< 20 ms").build();
  /** P9. */
  public final AccessPattern<Node> subtreeOf = AccessPattern.of("A subtree", node)
      .partition("ORG#{org}").sortBeginsWith("PATH#{path}#")
      .entry("Node").order("depth-first").frequency("medium").latency("< 50 ms").build();

  public final Model model;
  public final ModelClient db;

  public OrgTree(DynamoDbClient dynamo, String table) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(node).patterns(getNode, childrenOf, subtreeOf).build();
    db = ModelClient.create(model, dynamo);
  }

  private static String checkedId(String id) {
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("a node id is [a-z0-9-]+, not '" + id + "'");
    }
    return id;
  }

  private Key key(String org, String path) {
    return Key.of("org", org, "path", path);
  }

  /** Creates the root of an organisation's tree; its path is its id. */
  public Node createRoot(String org, String id, String name) {
    return db.entity(node).create(new Node(org, checkedId(id), name, 1));
  }

  /** Adds a child under {@code parent}: in one transaction that checks the parent exists. */
  public Node add(Node parent, String id, String name) {
    Node child = new Node(parent.org(), parent.path() + "#" + checkedId(id), name, parent.depth() + 1);
    db.transaction().check(node, key(parent.org(), parent.path()), Condition.itemExists()).create(node, child)
        .execute();
    return child;
  }

  public Optional<Node> get(String org, String path) {
    return db.entity(node).get(key(org, path));
  }

  /** P8: the direct children of {@code parent}, by id. */
  public List<Node> children(Node parent) {
    return db.query(childrenOf).partition(Key.of("org", parent.org(), "depth", parent.depth() + 1))
        .sort(Key.of("path", parent.path())).all();
  }

  /** P9: the node at {@code path} and all its descendants, depth-first; empty when there is no such node. */
  public List<Node> subtree(String org, String path) {
    return db.query(subtreeOf).partition(Key.of("org", org)).sort(Key.of("path", path)).all();
  }

  /**
   * Moves the subtree at {@code path} under {@code newParent}: every node of it is deleted and written again with
   * its new path and depth, in one transaction that also checks the new parent exists (so at most 49 nodes).
   */
  public void move(String org, String path, Node newParent) {
    if ((newParent.path() + "#").startsWith(path + "#")) {
      throw new IllegalArgumentException("cannot move " + path + " under itself");
    }
    List<Node> nodes = subtree(org, path);
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("no node at " + path);
    }
    Node top = nodes.get(0);
    String newPath = newParent.path() + "#" + top.id();
    int shift = newParent.depth() + 1 - top.depth();
    Transaction tx = db.transaction().check(node, key(org, newParent.path()), Condition.itemExists());
    for (Node n : nodes) {
      tx.delete(node, key(org, n.path()));
      tx.create(node, new Node(org, newPath + n.path().substring(path.length()), n.name(), n.depth() + shift));
    }
    tx.execute();
  }

  /** The notes' tree, and a little more. */
  public void seed(String org) {
    Node root = createRoot(org, "root", "Acme Inc.");
    Node eng = add(root, "eng", "Engineering");
    Node cloud = add(eng, "cloud", "Cloud Team");
    add(cloud, "aws", "AWS Squad");
    add(cloud, "gcp", "GCP Squad");
    add(eng, "mobile", "Mobile");
    add(root, "english", "English Language Unit");
    Node sales = add(root, "sales", "Sales");
    add(sales, "emea", "Sales EMEA");
  }

  /** Runs the example on Partita embedded, in memory, and prints what it does. */
  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      OrgTree t = new OrgTree(dynamo, "Org");
      System.out.println(t.model.worksheet());
      t.db.createTable();
      t.seed("acme");
      print("P9 the whole tree:", t.subtree("acme", "root"));
      Node eng = t.get("acme", "root#eng").orElseThrow();
      System.out.println("P8 children of " + eng.name() + ": " + t.children(eng).stream().map(Node::name).toList());
      print("P9 the subtree of " + eng.name() + " (not English Language Unit):", t.subtree("acme", "root#eng"));
      t.move("acme", "root#eng#cloud", t.get("acme", "root#sales").orElseThrow());
      print("after moving Cloud Team under Sales:", t.subtree("acme", "root"));
    }
  }

  private static void print(String title, List<Node> nodes) {
    System.out.println(title);
    for (Node n : nodes) {
      System.out.println("  " + "  ".repeat(n.depth() - 1) + n.name() + "  (" + n.path() + ")");
    }
  }
}
