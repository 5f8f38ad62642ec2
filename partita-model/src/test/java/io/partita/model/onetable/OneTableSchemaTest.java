package io.partita.model.onetable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Ids;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.ModelException;
import io.partita.model.TableSchema;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * OneTable/Dynatable schemas: seed 003's own blog schema (the TypeScript literal, verbatim) read into a model whose
 * six access patterns run on Partita embedded and whose items are stored as the schema says; a model exported and
 * read back to the same schema and the same stored items; what the two libraries cannot share, refused.
 */
class OneTableSchemaTest {
  record User(String username, String name, String email, Optional<String> bio, Instant created, Instant updated) {}

  record Post(String username, String postId, String title, Optional<String> content, Boolean published,
      Instant created, Instant updated) {}

  record Comment(String postId, String commentId, String username, String content, Instant created,
      Instant updated) {}

  record PostTag(String postId, String tag, Instant created, Instant updated) {}

  private static String resource(String name) throws IOException {
    try (InputStream in = OneTableSchemaTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void seed003sBlogSchemaServesItsSixAccessPatterns() throws IOException {
    OneTableSchema schema = OneTableSchema.parse(resource("/onetable/seed-003-blog-schema.ts"));
    assertEquals("dynatable:1.0.0", schema.format());
    assertEquals(Optional.of("1.0.0"), schema.version());
    assertEquals(Set.of("User", "Post", "Comment", "PostTag"), schema.models());
    TableSchema table = schema.table("Blog");
    Entity<User> user = schema.entity("User", User.class);
    Entity<Post> post = schema.entity("Post", Post.class);
    Entity<Comment> comment = schema.entity("Comment", Comment.class);
    Entity<PostTag> postTag = schema.entity("PostTag", PostTag.class);
    AccessPattern<User> getUser = AccessPattern.of("Get user profile", user).partition("USER#{username}")
        .sortEq("USER#{username}").build();
    AccessPattern<Post> postsByUser = AccessPattern.of("Get all posts by user", post).partition("USER#{username}")
        .sortBeginsWith("POST#").build();
    AccessPattern<Comment> commentsOnPost = AccessPattern.of("Get all comments on a post", comment)
        .partition("POST#{postId}").sortBeginsWith("COMMENT#").build();
    AccessPattern<Post> published = AccessPattern.of("Get all published posts", post).index("gsi1")
        .partition("POST").sortBeginsWith("STATUS#{published}#").build();
    AccessPattern<Comment> commentsByUser = AccessPattern.of("Get all comments by a user", comment).index("gsi1")
        .partition("USER#{username}").sortBeginsWith("COMMENT#").build();
    AccessPattern<PostTag> postsWithTag = AccessPattern.of("Get all posts with a tag", postTag).index("gsi1")
        .partition("TAG#{tag}").build();
    Model model = Model.builder(table).entities(user, post, comment, postTag)
        .patterns(getUser, postsByUser, commentsOnPost, published, commentsByUser, postsWithTag).build();

    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      ModelClient db = ModelClient.create(model, dynamo);
      db.createTable();
      db.entity(user).create(new User("alice", "Alice", "alice@example.com", Optional.empty(), null, null));
      Post draft = db.entity(post).create(new Post("alice", null, "Draft", Optional.empty(), null, null, null));
      Post live = db.entity(post).create(new Post("alice", null, "Live", Optional.of("hi"), true, null, null));
      Comment c = db.entity(comment).create(new Comment(live.postId(), null, "bob", "nice", null, null));
      db.entity(postTag).create(new PostTag(live.postId(), "typescript", null, null));

      // stored as the schema says: its key templates, ulid ids, the default, ISO timestamps, _type
      Map<String, AttributeValue> item = dynamo.getItem(g -> g.tableName("Blog").key(Map.of(
          "pk", AttributeValue.fromS("USER#alice"), "sk", AttributeValue.fromS("POST#" + draft.postId())))).item();
      assertEquals("Post", item.get("_type").s());
      assertEquals("POST", item.get("gsi1pk").s());
      assertEquals("STATUS#false#" + draft.postId(), item.get("gsi1sk").s());
      assertEquals(false, item.get("published").bool());
      assertTrue(draft.postId().matches("[0-9A-HJKMNP-TV-Z]{26}"), draft.postId());
      assertTrue(item.get("created").s().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"));

      assertEquals("Alice", db.query(getUser).partition(Key.of("username", "alice")).all().get(0).name());
      assertEquals(List.of(draft.postId(), live.postId()), db.query(postsByUser).partition(Key.of("username",
          "alice")).all().stream().map(Post::postId).toList());
      assertEquals(List.of(c), db.query(commentsOnPost).partition(Key.of("postId", live.postId())).all());
      assertEquals(List.of("Live"), db.query(published).partition(Key.empty()).sort(Key.of("published", true)).all()
          .stream().map(Post::title).toList());
      assertEquals(List.of(c), db.query(commentsByUser).partition(Key.of("username", "bob")).all());
      assertEquals(List.of(live.postId()), db.query(postsWithTag).partition(Key.of("tag", "typescript")).all()
          .stream().map(PostTag::postId).toList());
    }

    // and back: the model as a OneTable schema reads into the same model again
    String exported = model.toOneTable();
    OneTableSchema again = OneTableSchema.parse(exported);
    Model back = Model.builder(again.table("Blog")).entities(again.entity("User", User.class),
        again.entity("Post", Post.class), again.entity("Comment", Comment.class),
        again.entity("PostTag", PostTag.class)).build();
    assertEquals(exported, back.toOneTable());
    Post p = new Post("alice", "01J0000000000000000000000Z", "t", Optional.empty(), false,
        Instant.parse("2026-11-27T08:00:00Z"), Instant.parse("2026-11-27T08:00:00Z"));
    assertEquals(model.encode(p), back.encode(p));
  }

  enum Size { S, M, L }

  record Product(String sku, String category, long price, Size size, Optional<String> note, List<String> tags,
      Set<String> labels, Map<String, Integer> stock, String id, Instant createdAt, Instant updatedAt) {}

  record Review(String sku, String id, Integer stars, Instant createdAt, Instant updatedAt) {}

  @Test
  void aModelExportedAndReadBackIsTheSameModel() {
    TableSchema table = TableSchema.named("Shop").partitionKey("PK").sortKey("SK").typeAttribute("kind")
        .globalIndex("byCategory", "GSI1PK", "GSI1SK", TableSchema.Projection.include("sku", "price"))
        .globalIndex("keys", "GSI2PK", "GSI2SK", TableSchema.Projection.keysOnly())
        .localIndex("byPrice", "LSI1SK");
    Entity<Product> product = Entity.of(Product.class).key("PRODUCT#{sku}", "PRODUCT")
        .index("byCategory", "CATEGORY#{category}", "SKU#{sku}").index("keys", "ID#{id}", "P")
        .localIndex("byPrice", "PRICE#{price}").generatedId("id", Ids.UUID_V7).defaultValue("size", Size.M)
        .timestamps("createdAt", "updatedAt");
    Entity<Review> review = Entity.of(Review.class).name("review").key("PRODUCT#{sku}", "REVIEW#{id}")
        .generatedId("id", Ids.ULID).defaultValue("stars", 5).timestamps("createdAt", "updatedAt");
    Model model = Model.builder(table).entities(product, review).build();
    String exported = model.toOneTable();
    assertTrue(exported.contains("\"value\": \"PRODUCT#${sku}\""), exported);
    assertTrue(exported.contains("\"timestamps\": true"), exported);

    OneTableSchema schema = OneTableSchema.parse(exported);
    assertEquals("onetable:1.0.0", schema.format());
    Model back = Model.builder(schema.table("Shop")).entities(schema.entity("Product", Product.class),
        schema.entity("review", Review.class)).build();
    assertEquals(exported, back.toOneTable());
    assertEquals(model.table().createTableRequest(), back.table().createTableRequest());
    Instant t = Instant.parse("2026-11-27T08:00:00Z");
    Product p = new Product("A-1", "tools", 1299, Size.L, Optional.of("n"), List.of("x"), Set.of("new"),
        Map.of("berlin", 3), "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", t, t);
    assertEquals(model.encode(p), back.encode(p));
    assertEquals(model.encode(new Review("A-1", "r1", 4, t, t)), back.encode(new Review("A-1", "r1", 4, t, t)));
  }

  record Session(String id, String user, Optional<Instant> expiresAt) {}

  @Test
  void theTimeToLiveFieldTravelsAsOneTablesTtlAttribute() {
    // the table's stream, point-in-time recovery and tags have no place in a OneTable schema: left to the
    // CloudFormation and Terraform exports
    TableSchema table = TableSchema.named("Sessions").stream(
        software.amazon.awssdk.services.dynamodb.model.StreamViewType.NEW_AND_OLD_IMAGES).pointInTimeRecovery()
        .tag("team", "auth");
    Entity<Session> session = Entity.of(Session.class).key("SESSION#{id}", "SESSION").ttl("expiresAt");
    Model model = Model.builder(table).entities(session).build();
    String exported = model.toOneTable();
    assertTrue(exported.replaceAll("\\s", "").contains("\"expiresAt\":{\"type\":\"date\",\"ttl\":true}"), exported);
    OneTableSchema schema = OneTableSchema.parse(exported);
    Model back = Model.builder(schema.table("Sessions")).entities(schema.entity("Session", Session.class)).build();
    assertEquals(Optional.of("expiresAt"), back.table().timeToLiveAttribute());
    assertEquals(exported, back.toOneTable());
    Session s = new Session("s1", "ada", Optional.of(Instant.parse("2030-01-01T00:00:00Z")));
    assertEquals(model.encode(s), back.encode(s));
    assertEquals("1893456000", back.encode(s).get("expiresAt").n(), "epoch seconds, as DynamoDB's TTL reads");
  }

  record Plain(String id, String name) {}

  record Loose(String id, Optional<String> name) {}

  private static String schema(String params, String attributes) {
    return "{format: 'onetable:1.0.0', indexes: {primary: {hash: 'pk', sort: 'sk'}},"
        + " models: {Plain: {pk: {type: String, value: 'P#${id}'}, sk: {type: String, value: '${_type}'},"
        + attributes + "}}, params: {" + params + "}}";
  }

  @Test
  void whatTheTwoLibrariesCannotShareIsRefused() {
    String ok = "id: {type: String, required: true}, name: {type: String, required: true}";
    Entity<Plain> plain = OneTableSchema.parse(schema("isoDates: true", ok)).entity("Plain", Plain.class);
    Model m = Model.builder(OneTableSchema.parse(schema("", ok)).table("tbl1")).entities(plain).build();
    assertEquals("Plain", m.encode(new Plain("1", "a")).get("sk").s()); // ${_type} is the model's name

    assertEquals("OneTable schema: params.isoDates is false, so OneTable stores dates as epoch numbers; this "
        + "library stores an Instant as ISO-8601 text (or epoch seconds): set isoDates: true",
        assertThrows(ModelException.class, () -> OneTableSchema.parse(schema("timestamps: true", ok))).getMessage());
    assertEquals("OneTable schema, model Plain, attribute name: not required, so stored items may lack it: declare "
        + "Plain.name as an Optional", assertThrows(ModelException.class, () -> OneTableSchema.parse(
            schema("", "id: {type: String, required: true}, name: {type: String}")).entity("Plain", Plain.class))
        .getMessage());
    assertEquals("OneTable schema, model Plain, attribute name: required, so Loose.name must not be an Optional",
        assertThrows(ModelException.class, () -> OneTableSchema.parse(schema("", ok)).entity("Plain", Loose.class))
            .getMessage());
    assertEquals("OneTable schema, model Plain, attribute name: type number does not fit the component's "
        + "java.lang.String", assertThrows(ModelException.class, () -> OneTableSchema.parse(
            schema("", "id: {type: String, required: true}, name: {type: Number, required: true}"))
        .entity("Plain", Plain.class)).getMessage());
    assertEquals("OneTable schema, model Plain has no attribute name, a component of Plain",
        assertThrows(ModelException.class, () -> OneTableSchema.parse(schema("", "id: {type: String, required: "
            + "true}")).entity("Plain", Plain.class)).getMessage());
    assertEquals("OneTable schema, model Plain, key pk: '${id:8:0}' is not a plain attribute name (padding and "
        + "expressions are not supported)", assertThrows(ModelException.class, () -> OneTableSchema.parse(
            schema("", ok).replace("P#${id}", "P#${id:8:0}")).entity("Plain", Plain.class)).getMessage());
    assertEquals("Not a OneTable or Dynatable schema: format is null, not 'onetable:…' or 'dynatable:…'",
        assertThrows(ModelException.class, () -> OneTableSchema.parse("{indexes: {}}")).getMessage());

    record Episode(String show, int number) {}
    Model padded = Model.builder(TableSchema.named("tbl2")).entities(Entity.of(Episode.class)
        .key("SHOW#{show}", "EP#{number:04d}")).build();
    assertEquals("Entity Episode, key sk: placeholder {number:04d} has a format, which a OneTable value template "
        + "cannot express", assertThrows(ModelException.class, padded::toOneTable).getMessage());
  }
}
