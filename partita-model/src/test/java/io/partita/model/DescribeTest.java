package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import org.junit.jupiter.api.Test;

/**
 * {@code Model.describe()}: the model in the schema format Partita's console reads (docs/console.md):
 * the table's keys, its indexes (kind, keys and projection: an INCLUDE names the type attribute the model adds), each
 * entity's templates and type value, each access pattern with its index; a BETWEEN pattern with its one template,
 * which each end fills.
 */
class DescribeTest {
  record User(String username, String name) {}

  record Post(String username, String postId, String title, Boolean published, String day) {}

  @Test
  void theDescriptionNamesKeysTemplatesAndPatterns() throws Exception {
    Entity<User> user = Entity.of(User.class).key("USER#{username}", "USER#{username}");
    Entity<Post> post = Entity.of(Post.class).key("USER#{username}", "POST#{postId}")
        .index("gsi1", "POST", "STATUS#{published}#{postId}").localIndex("byDay", "DAY#{day}");
    AccessPattern<Post> postsByUser = AccessPattern.of("Posts of a \"user\"", post)
        .partition("USER#{username}").sortBeginsWith("POST#").build();
    AccessPattern<Post> published = AccessPattern.of("Published posts", post).index("gsi1")
        .partition("POST").sortBeginsWith("STATUS#{published}#").build();
    AccessPattern<Post> postsBetween = AccessPattern.of("Posts between days", post).index("byDay")
        .partition("USER#{username}").sort(AccessPattern.SortOp.BETWEEN, "DAY#{day}").build();
    Model model = Model.builder(TableSchema.named("Blog").globalIndex("gsi1", "gsi1pk", "gsi1sk")
            .globalIndex("titles", "gsi2pk", "gsi2sk", TableSchema.Projection.include("title"))
            .localIndex("byDay", "lsi1sk"))
        .entities(user, post).patterns(postsByUser, published, postsBetween).build();

    String expected = """
        {
          "table": "Blog",
          "keys": {"pk": "pk", "sk": "sk", "type": "_type"},
          "indexes": {
            "gsi1": {"kind": "GSI", "pk": "gsi1pk", "sk": "gsi1sk", "projection": "ALL"},
            "titles": {"kind": "GSI", "pk": "gsi2pk", "sk": "gsi2sk", "projection": "INCLUDE", "nonKeyAttributes": ["title", "_type"]},
            "byDay": {"kind": "LSI", "pk": "pk", "sk": "lsi1sk", "projection": "ALL"}
          },
          "entities": {
            "User": {"type": "User", "pk": "USER#{username}", "sk": "USER#{username}"},
            "Post": {"type": "Post", "pk": "USER#{username}", "sk": "POST#{postId}", "indexes": {"gsi1": {"pk": "POST", "sk": "STATUS#{published}#{postId}"}, "byDay": {"pk": "USER#{username}", "sk": "DAY#{day}"}}}
          },
          "patterns": [
            {"name": "Posts of a \\"user\\"", "index": null, "pk": "USER#{username}", "sk": {"begins_with": "POST#"}, "entities": ["Post"]},
            {"name": "Published posts", "index": "gsi1", "pk": "POST", "sk": {"begins_with": "STATUS#{published}#"}, "entities": ["Post"]},
            {"name": "Posts between days", "index": "byDay", "pk": "USER#{username}", "sk": {"between": "DAY#{day}"}, "entities": ["Post"]}
          ]
        }
        """;
    assertEquals(expected, model.describe());
    // and it is JSON: a parser reads it to its end
    try (JsonParser parser = new JsonFactory().createParser(model.describe())) {
      while (parser.nextToken() != null) {
        // reads every token; a malformed text throws
      }
    }
  }
}
