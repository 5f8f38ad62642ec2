package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** A model that cannot work fails when it is built, with a message naming the entity and the field. */
class ModelValidationTest {
  record User(String username, String org, Optional<String> nickname, long version) {}

  record Admin(String id, String org) {}

  record Comment(String postId, String commentId) {}

  record Reaction(String postId, String commentId, String reactionId) {}

  record Odd(String id, Thread thread) {}

  record Nested(String id, List<Thread> threads) {}

  record Stored(String id, @Attr("pk") String clash) {}

  private static final TableSchema TABLE = TableSchema.named("App").globalIndex("gsi1", "gsi1pk", "gsi1sk");

  private static ModelException fails(Entity<?>... entities) {
    return assertThrows(ModelException.class, () -> Model.builder(TABLE).entities(entities).build());
  }

  private static void names(ModelException e, String entity, String field, String... fragments) {
    assertEquals(entity, e.entity(), e.getMessage());
    assertEquals(field, e.field(), e.getMessage());
    assertTrue(e.getMessage().contains("Entity " + entity), e.getMessage());
    if (field != null) {
      assertTrue(e.getMessage().contains(field), e.getMessage());
    }
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), e.getMessage());
    }
  }

  @Test
  void unknownFieldInATemplate() {
    names(fails(Entity.of(User.class).key("USER#{usernme}", "PROFILE")), "User", "usernme", "USER#{usernme}");
    names(fails(Entity.of(User.class).key("USER#{username}", "PROFILE").index("gsi1", "ORG#{organisation}",
        "USER#{username}")), "User", "organisation", "index gsi1");
  }

  @Test
  void unparsableTemplates() {
    names(fails(Entity.of(User.class).key("USER#{", "PROFILE")), "User", null, "USER#{", "never closed");
    names(fails(Entity.of(User.class).key("USER#}", "PROFILE")), "User", null, "closes no placeholder");
    names(fails(Entity.of(User.class).key("USER#{}", "PROFILE")), "User", null, "not a field name");
    names(fails(Entity.of(User.class).key("{username}{org}", "PROFILE")), "User", null, "literal text between");
  }

  @Test
  void anIndexTheTableDoesNotHave() {
    names(fails(Entity.of(User.class).key("USER#{username}", "PROFILE").index("gsi9", "ORG#{org}", "X")), "User",
        null, "gsi9", "[gsi1]");
  }

  @Test
  void keyShapesMustMatchTheTable() {
    names(fails(Entity.of(User.class).key("USER#{username}")), "User", null, "sort key sk");
    names(fails(Entity.of(User.class)), "User", null, "no table key");
  }

  @Test
  void aTableKeyFieldMustBeRequired() {
    names(fails(Entity.of(User.class).key("USER#{nickname}", "PROFILE")), "User", "nickname", "Optional");
    // an Optional field in an index key is how an index becomes sparse
    Model.builder(TABLE).entities(Entity.of(User.class).key("USER#{username}", "PROFILE")
        .index("gsi1", "NICK#{nickname}", "USER#{username}")).build();
  }

  @Test
  void unsupportedTypesAreNamed() {
    names(fails(Entity.of(Odd.class).key("ODD#{id}", "ODD")), "Odd", "thread", "java.lang.Thread");
    names(fails(Entity.of(Nested.class).key("N#{id}", "N")), "Nested", "threads", "java.lang.Thread");
  }

  @Test
  void keysThatCannotBeToldApart() {
    ModelException e = fails(Entity.of(User.class).key("USER#{username}", "PROFILE"),
        Entity.of(Admin.class).key("USER#{id}", "PROFILE"));
    names(e, "Admin", "id", "User", "cannot be told apart");
    // a constant that one template's placeholder could produce
    fails(Entity.of(User.class).key("USER#{username}", "PROFILE"), Entity.of(Admin.class).key("USER#root",
        "PROFILE"));
    // a literal prefix of the other
    fails(Entity.of(User.class).key("USER#{username}", "P#{org}"), Entity.of(Admin.class).key("USER#{id}",
        "P#ADMIN#{org}"));
    // distinct prefixes, and a hierarchical sort key, are fine
    Model.builder(TABLE).entities(Entity.of(User.class).key("USER#{username}", "PROFILE"),
        Entity.of(Admin.class).key("ADMIN#{id}", "PROFILE"),
        Entity.of(Comment.class).key("POST#{postId}", "COMMENT#{commentId}"),
        Entity.of(Reaction.class).key("POST#{postId}", "COMMENT#{commentId}#REACTION#{reactionId}")).build();
  }

  @Test
  void storedNamesMustNotClash() {
    names(fails(Entity.of(Stored.class).key("S#{id}", "S")), "Stored", "clash", "stored name pk");
    names(fails(Entity.of(Admin.class).key("A#{id}", "A").storedAs("org", "id")), "Admin", "org",
        "also the stored name of field id");
  }

  @Test
  void maintainedFieldsNeedFittingTypes() {
    names(fails(Entity.of(User.class).key("USER#{username}", "P").version("org")), "User", "org", "version");
    names(fails(Entity.of(User.class).key("USER#{username}", "P").generatedId("version", Ids.ULID)), "User",
        "version", "ULID");
    names(fails(Entity.of(User.class).key("USER#{username}", "P").defaultValue("org", 5)), "User", "org",
        "not a String");
    names(fails(Entity.of(User.class).key("USER#{username}", "P").defaultValue("version", 1L)), "User", "version",
        "primitive");
    names(fails(Entity.of(User.class).key("USER#{username}", "P").timestamps("org", null)), "User", "org",
        "createdAt");
    names(fails(Entity.of(User.class).key("USER#{username}", "P").ttl("nope")), "User", "nope", "no component");
  }

  @Test
  void accessPatternsMustBeServedByAKeyOrAnIndex() {
    Entity<User> user = Entity.of(User.class).key("USER#{username}", "PROFILE");
    Entity<Admin> admin = Entity.of(Admin.class).key("ADMIN#{id}", "PROFILE").index("gsi1", "ORG#{org}", "A#{id}");

    ModelException noIndex = assertThrows(ModelException.class, () -> Model.builder(TABLE).entities(user, admin)
        .patterns(AccessPattern.of("Users by org", user).index("gsi1").partition("ORG#{org}").build()).build());
    assertTrue(noIndex.getMessage().contains("'Users by org', entity User"), noIndex.getMessage());
    assertTrue(noIndex.getMessage().contains("Scan"), noIndex.getMessage());
    assertEquals("User", noIndex.entity());

    ModelException wrongPartition = assertThrows(ModelException.class, () -> Model.builder(TABLE)
        .entities(user, admin).patterns(AccessPattern.of("User by org", user).partition("ORG#{org}").build())
        .build());
    assertTrue(wrongPartition.getMessage().contains("'USER#{username}'"), wrongPartition.getMessage());
    assertEquals("org", wrongPartition.field());

    ModelException unknownIndex = assertThrows(ModelException.class, () -> Model.builder(TABLE)
        .entities(user, admin).patterns(AccessPattern.of("x", admin).index("gsi2").partition("ORG#{org}").build())
        .build());
    assertTrue(unknownIndex.getMessage().contains("gsi2"), unknownIndex.getMessage());

    ModelException wrongSort = assertThrows(ModelException.class, () -> Model.builder(TABLE)
        .entities(user, admin).patterns(AccessPattern.of("x", admin).index("gsi1").partition("ORG#{org}")
            .sortBeginsWith("B#").build()).build());
    assertTrue(wrongSort.getMessage().contains("leading part"), wrongSort.getMessage());

    ModelException notInModel = assertThrows(ModelException.class, () -> Model.builder(TABLE).entities(user)
        .patterns(AccessPattern.of("x", admin).partition("ADMIN#{id}").build()).build());
    assertTrue(notInModel.getMessage().contains("not part of the model"), notInModel.getMessage());

    // served: the table key, and a leading part of the index sort key
    Model.builder(TABLE).entities(user, admin).patterns(
        AccessPattern.of("User", user).partition("USER#{username}").sortEq("PROFILE").build(),
        AccessPattern.of("Admins by org", admin).index("gsi1").partition("ORG#{org}").sortBeginsWith("A#").build())
        .build();
  }
}
