package io.partita.examples.memberships;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Condition;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Many-to-many: users and groups, related by memberships. One membership item per pair, stored in the user's
 * partition ({@code USER#alice / MEMBER#GROUP#developers}) and written with the inverted key in gsi1
 * ({@code GROUP#developers / MEMBER#USER#alice}): the groups of a user are a Query on the table, the members of a
 * group a Query on the index, and the pair cannot drift apart as two hand-written items could.
 */
public final class Memberships {

  public enum Role { MEMBER, ADMIN }

  public record User(String username, String name, Instant createdAt) {}

  public record Group(String groupName, String description, Instant createdAt) {}

  public record Membership(String username, String groupName, Role role, Instant joinedAt, Instant updatedAt) {}

  public final Entity<User> user = Entity.of(User.class)
      .key("USER#{username}", "USER#{username}").timestamps("createdAt", null);
  public final Entity<Group> group = Entity.of(Group.class)
      .key("GROUP#{groupName}", "GROUP#{groupName}").timestamps("createdAt", null);
  public final Entity<Membership> membership = Entity.of(Membership.class)
      .key("USER#{username}", "MEMBER#GROUP#{groupName}")
      .index("gsi1", "GROUP#{groupName}", "MEMBER#USER#{username}")
      .timestamps("joinedAt", "updatedAt");

  public final AccessPattern<Membership> groupsOfUser = AccessPattern.of("Groups of a user", membership)
      .partition("USER#{username}").sortBeginsWith("MEMBER#GROUP#").frequency("high").latency("< 30 ms").build();
  public final AccessPattern<Membership> membersOfGroup = AccessPattern.of("Members of a group", membership)
      .index("gsi1").partition("GROUP#{groupName}").sortBeginsWith("MEMBER#USER#")
      .frequency("high").latency("< 30 ms").build();

  public final Model model;
  public final ModelClient db;

  public Memberships(DynamoDbClient dynamo, String table) {
    model = Model.builder(TableSchema.named(table).globalIndex("gsi1", "gsi1pk", "gsi1sk"))
        .entities(user, group, membership).patterns(groupsOfUser, membersOfGroup).build();
    db = ModelClient.create(model, dynamo);
  }

  /** Adds a user to a group: both must exist, and the membership must not (one transaction). */
  public Membership join(String username, String groupName, Role role) {
    List<Object> written = db.transaction()
        .check(user, Key.of("username", username), Condition.itemExists())
        .check(group, Key.of("groupName", groupName), Condition.itemExists())
        .create(membership, new Membership(username, groupName, role, null, null))
        .execute();
    return (Membership) written.get(2);
  }

  public void leave(String username, String groupName) {
    db.entity(membership).delete(Key.of("username", username, "groupName", groupName));
  }

  /** Changes a role; the index entry stays where it is, since the role is in no key. */
  public Membership promote(String username, String groupName) {
    return db.entity(membership).update(Key.of("username", username, "groupName", groupName))
        .set("role", Role.ADMIN).execute();
  }

  public List<String> groupsOf(String username) {
    return db.query(groupsOfUser).partition(Key.of("username", username)).all().stream()
        .map(Membership::groupName).collect(Collectors.toList());
  }

  public List<String> membersOf(String groupName) {
    return db.query(membersOfGroup).partition(Key.of("groupName", groupName)).all().stream()
        .map(Membership::username).collect(Collectors.toList());
  }

  public void seed() {
    db.batchWrite()
        .put(user, new User("alice", "Alice", null), new User("bob", "Bob", null), new User("carol", "Carol", null))
        .put(group, new Group("developers", "People who write code", null),
            new Group("designers", "People who draw", null), new Group("admins", "People with keys", null))
        .execute();
  }

  /** Runs the example on Partita embedded, in memory, and prints what it does. */
  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Memberships m = new Memberships(dynamo, "Groups");
      System.out.println(m.model.worksheet());
      m.db.createTable();
      m.seed();
      m.join("alice", "developers", Role.MEMBER);
      m.join("alice", "admins", Role.ADMIN);
      m.join("bob", "developers", Role.MEMBER);
      m.join("carol", "designers", Role.MEMBER);
      System.out.println("alice is in " + m.groupsOf("alice"));
      System.out.println("developers: " + m.membersOf("developers"));
      m.promote("bob", "developers");
      m.leave("alice", "developers");
      System.out.println("after alice left, developers: " + m.membersOf("developers") + "; alice is in "
          + m.groupsOf("alice"));
    }
  }
}
