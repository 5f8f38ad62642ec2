package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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

    // the text is kept in a file, which the console's e2e test reads as the console reads a schema
    String expected;
    try (InputStream in = DescribeTest.class.getResourceAsStream("blog-describe.json")) {
      expected = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(expected, model.describe());
    // and it is JSON: a parser reads it to its end
    try (JsonParser parser = new JsonFactory().createParser(model.describe())) {
      while (parser.nextToken() != null) {
        // reads every token; a malformed text throws
      }
    }
  }
}
