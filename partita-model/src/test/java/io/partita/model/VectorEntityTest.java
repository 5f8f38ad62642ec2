package io.partita.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;
import software.amazon.awssdk.services.dynamodb.model.VectorIndexDescription;

/**
 * Issue 38 in partita-model: a float[] or List&lt;Float&gt; field stored as a list of numbers and read back exactly,
 * bound to a vector index declared on the table, and searched as typed records with their scores, on both backends
 * and both clients. The index holds two entities (documents and notes), so a search of one meets the other's items;
 * an item the model did not write is refused unless the client skips foreign items. What a search can be refused
 * for is refused before anything is sent (a client that counts SearchVectors requests sees none).
 */
class VectorEntityTest {
  record Doc(String tenant, String id, String title, String lang, float[] embedding) {}

  record Note(String tenant, String id, String text, List<Float> embedding) {}

  record Sample(String id, float[] values, List<Float> list, Optional<float[]> maybe) {}

  static final Entity<Doc> DOC = Entity.of(Doc.class).key("TENANT#{tenant}", "DOC#{id}")
      .vector("embedding", "byMeaning").vector(Doc::embedding, "inTenant");
  static final Entity<Note> NOTE = Entity.of(Note.class).key("TENANT#{tenant}", "NOTE#{id}")
      .vector("embedding", "byMeaning").vector("embedding", "inTenant");

  /** byMeaning: partitioned by the tenant field, filtered by language; inTenant: by the table key, a template. */
  static Model model() {
    return Model.builder(TableSchema.named(Backend.freshTable("Docs"))
        .vectorIndex(VectorIndex.of("byMeaning", "embedding", 3, VectorDistanceFunction.COSINE)
            .partitionKey("tenant").inlineFilter("lang"))
        .vectorIndex(VectorIndex.of("inTenant", "embedding", 3, VectorDistanceFunction.DOT_PRODUCT)
            .partitionKey("pk"))).entities(DOC, NOTE).build();
  }

  static Doc doc(String tenant, String id, String lang, float... v) {
    return new Doc(tenant, id, "title " + id, lang, v);
  }

  static ModelClient filled(DynamoDbClient client, Model model) {
    ModelClient db = ModelClient.create(model, client);
    db.createTable();
    db.entity(DOC).put(doc("acme", "d1", "en", 1, 0, 0));
    db.entity(DOC).put(doc("acme", "d2", "en", 0.6f, 0.8f, 0));
    db.entity(DOC).put(doc("acme", "d3", "fr", 0, 1, 0));
    db.entity(DOC).put(doc("acme", "d4", "en", -1, 0, 0));
    db.entity(DOC).put(doc("other", "x1", "en", 1, 0, 0));
    db.entity(NOTE).put(new Note("acme", "n1", "a note", List.of(0.9f, 0.1f, 0f)));
    return db;
  }

  static List<String> ids(List<VectorSearch.Scored<Doc>> hits) {
    return hits.stream().map(h -> h.item().id()).toList();
  }

  static void assertScores(List<Double> expected, List<? extends VectorSearch.Scored<?>> hits) {
    assertEquals(expected.size(), hits.size(), hits.toString());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), hits.get(i).score(), 1e-6, hits.toString()); // float precision
    }
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void floatArraysAndListsOfFloatRoundTripExactly(Backend backend) {
    Entity<Sample> sample = Entity.of(Sample.class).key("SAMPLE#{id}", "SAMPLE");
    ModelClient db = ModelClient.create(Model.builder(TableSchema.named(Backend.freshTable("Samples")))
        .entities(sample).build(), backend.client());
    db.createTable();
    float[] values = {0.1f, -2.5e7f, Float.MIN_VALUE, -Float.MAX_VALUE, 1e-10f, 16777217f, (float) Math.PI, 0f};
    List<Float> list = List.of(0.3f, 1.17549435E-38f, 123456.79f);
    db.entity(sample).put(new Sample("a", values, list, Optional.empty()));
    db.entity(sample).put(new Sample("b", new float[0], List.of(), Optional.of(new float[] {2.5f})));

    Sample a = db.entity(sample).get(Key.of("id", "a")).orElseThrow();
    assertArrayEquals(values, a.values()); // bit for bit: each number is Float.toString's digits
    assertEquals(list, a.list());
    assertTrue(a.maybe().isEmpty());
    Sample b = db.entity(sample).get(Key.of("id", "b")).orElseThrow();
    assertArrayEquals(new float[0], b.values());
    assertArrayEquals(new float[] {2.5f}, b.maybe().orElseThrow());

    // stored as DynamoDB's list of numbers, each the value Float.toString writes
    Map<String, AttributeValue> raw = backend.client().getItem(r -> r.tableName(db.model().table().name())
        .key(Map.of("pk", AttributeValue.fromS("SAMPLE#a"), "sk", AttributeValue.fromS("SAMPLE")))).item();
    List<AttributeValue> stored = raw.get("values").l();
    assertEquals(values.length, stored.size());
    for (int i = 0; i < values.length; i++) {
      assertEquals(0, new BigDecimal(stored.get(i).n()).compareTo(new BigDecimal(Float.toString(values[i]))),
          stored.get(i).n() + " is not " + values[i]);
    }
    assertEquals("0.3", raw.get("list").l().get(0).n());
    assertTrue(!raw.containsKey("maybe"));
    // a value DynamoDB cannot hold is refused naming entity and field, nothing written
    ValidationException nan = assertThrows(ValidationException.class, () -> db.entity(sample)
        .put(new Sample("c", new float[] {Float.NaN}, List.of(), Optional.empty())));
    assertEquals("values", nan.field());
    assertTrue(db.entity(sample).get(Key.of("id", "c")).isEmpty());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aSearchReturnsTheEntitysRecordsWithTheirScoresMostSimilarFirst(Backend backend) {
    Model model = model();
    ModelClient db = filled(backend.client(), model);
    TableDescription table = backend.client().describeTable(r -> r.tableName(model.table().name())).table();
    VectorIndexDescription byMeaning = table.vectorIndexes().stream().filter(v -> v.indexName().equals("byMeaning"))
        .findFirst().orElseThrow();
    assertEquals(3L, byMeaning.dimensions());
    assertEquals(List.of("tenant:HASH", "lang:INLINE_FILTER"), byMeaning.searchSchema().stream()
        .map(e -> e.attributeName() + ":" + e.searchSchemaElementTypeAsString()).toList());

    VectorSearch.Results<Doc> hits = db.search(DOC, "byMeaning").vector(1, 0, 0).topK(10)
        .partition(Key.of("tenant", "acme")).run();
    assertEquals(List.of("d1", "d2", "d3", "d4"), ids(hits)); // not x1: another tenant
    assertScores(List.of(0.0, 0.4, 1.0, 2.0), hits); // COSINE: 1 - cos, lowest first
    assertEquals(1, hits.skipped()); // the note, between d1 and d2: another entity's item, counted
    Doc d1 = hits.get(0).item();
    assertEquals(List.of("acme", "d1", "title d1", "en"), List.of(d1.tenant(), d1.id(), d1.title(), d1.lang()));
    assertNull(d1.embedding()); // SearchVectors never answers the vector

    VectorSearch.Results<Doc> english = db.search(DOC, "byMeaning").vector(List.of(1f, 0f, 0f)).topK(10)
        .partition(Key.of(Doc::tenant, "acme")).filter(Doc::lang, "en").run();
    assertEquals(List.of("d1", "d2", "d4"), ids(english));
    assertEquals(0, english.skipped()); // the note has no lang: the filter leaves it out
    assertEquals(List.of("x1"), ids(db.search(DOC, "byMeaning").vector(1, 0, 0).topK(10)
        .partition(Key.of("tenant", "other")).filter("lang", "en").run()));

    VectorSearch.Results<Note> notes = db.search(NOTE, "byMeaning").vector(1, 0, 0).topK(2)
        .partition(Key.of("tenant", "acme")).run();
    assertEquals(List.of("n1"), notes.items().stream().map(Note::id).toList()); // TopK counts the docs too
    assertEquals(1, notes.skipped());
    assertNull(notes.get(0).item().embedding());
    assertEquals("a note", notes.get(0).item().text());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void aPartitionKeyWrittenByAKeyTemplateTakesTheTemplatesFields(Backend backend) {
    ModelClient db = filled(backend.client(), model());
    // inTenant is partitioned by the table's pk, which the entities write as TENANT#{tenant}
    VectorSearch.Results<Doc> hits = db.search(DOC, "inTenant").vector(1, 0, 0).topK(10)
        .partition(Key.of("tenant", "acme")).run();
    assertEquals(List.of("d1", "d2", "d3", "d4"), ids(hits));
    assertScores(List.of(1.0, 0.6, 0.0, -1.0), hits); // DOT_PRODUCT: highest first
    assertEquals(1, hits.skipped());
    assertThrows(ValidationException.class, () -> db.search(DOC, "inTenant").vector(1, 0, 0).topK(1)
        .partition(Key.of("id", "d1")).run()); // not a field of the template
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void anItemTheModelDidNotWriteIsRefusedUnlessTheClientSkipsForeignItems(Backend backend) {
    Model model = model();
    ModelClient db = filled(backend.client(), model);
    backend.client().putItem(r -> r.tableName(model.table().name()).item(Map.of("pk", AttributeValue.fromS("X#1"),
        "sk", AttributeValue.fromS("X"), "tenant", AttributeValue.fromS("acme"), "embedding",
        AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromN("0"), AttributeValue.fromN("0")))
    )));
    UnrecognizedItemException e = assertThrows(UnrecognizedItemException.class, () -> db.search(DOC, "byMeaning")
        .vector(1, 0, 0).topK(3).partition(Key.of("tenant", "acme")).run());
    assertTrue(e.getMessage().contains("no type attribute"), e.getMessage());
    ModelClient skipping = ModelClient.builder(model, backend.client()).skipForeignItems().build();
    VectorSearch.Results<Doc> hits = skipping.search(DOC, "byMeaning").vector(1, 0, 0).topK(3)
        .partition(Key.of("tenant", "acme")).run();
    assertEquals(List.of("d1"), ids(hits)); // d1 and the foreign item score 0, the note third
    assertEquals(2, hits.skipped());
  }

  @ParameterizedTest
  @EnumSource(Backend.class)
  void whatASearchCanBeRefusedForIsRefusedBeforeItIsSent(Backend backend) {
    Model model = model();
    filled(backend.client(), model);
    AtomicInteger searches = new AtomicInteger();
    ModelClient db = ModelClient.create(model, countingSearches(backend.client(), searches));
    Key acme = Key.of("tenant", "acme");
    ValidationException length = assertThrows(ValidationException.class, () -> db.search(DOC, "byMeaning")
        .vector(1, 0).topK(5).partition(acme).run());
    assertEquals("Entity Doc, field embedding: the search vector has 2 numbers, but vector index byMeaning has 3"
        + " dimensions", length.getMessage());
    assertEquals("Doc", length.entity());
    assertEquals("embedding", length.field());
    refused(() -> db.search(DOC, "byMeaning").vector(1, Float.NaN, 0).topK(5).partition(acme).run(), "NaN");
    refused(() -> db.search(DOC, "byMeaning").topK(5).partition(acme).run(), "needs a vector");
    refused(() -> db.search(DOC, "byMeaning").vector(1, 0, 0).partition(acme).run(), "give topK");
    refused(() -> db.search(DOC, "byMeaning").vector(1, 0, 0).topK(101).partition(acme).run(), "1 to 100");
    refused(() -> db.search(DOC, "byMeaning").vector(1, 0, 0).topK(5).run(), "is partitioned by tenant");
    refused(() -> db.search(DOC, "byMeaning").vector(1, 0, 0).topK(5).partition(acme).filter("title", "x").run(),
        "is not an inline filter of vector index byMeaning");
    refused(() -> db.search(DOC, "byMeaning").vector(1, 0, 0).topK(5).partition(acme).filter("lang", 7).run(),
        "expected a String");
    refused(() -> db.search(DOC, "elsewhere"), "binds no field to vector index elsewhere");
    refused(() -> db.search(DOC, "byMeaning").vector(List.of(1f, 0f)).topK(5).run(), "3 dimensions");
    assertEquals(0, searches.get());
    assertEquals(1, db.search(DOC, "byMeaning").vector(1, 0, 0).topK(1).partition(acme).run().size());
    assertEquals(1, searches.get()); // the counting client counts
    // a write of a vector of another length: refused before it is sent, as DynamoDB would refuse it
    ValidationException write = assertThrows(ValidationException.class, () -> db.entity(DOC)
        .put(doc("acme", "d9", "en", 1, 0)));
    assertEquals("Entity Doc, field embedding: a float[2] breaks rule 'has 3 numbers, the dimensions of vector index"
        + " byMeaning'", write.getMessage());
    assertTrue(db.entity(DOC).get(Key.of("tenant", "acme", "id", "d9")).isEmpty());
    ValidationException update = assertThrows(ValidationException.class, () -> db.entity(DOC)
        .update(Key.of("tenant", "acme", "id", "d1")).set(Doc::embedding, new float[] {1, 2, 3, 4}).execute());
    assertTrue(update.getMessage().contains("a float[4] breaks rule 'has 3 numbers"), update.getMessage());
    // an update of the right length is written and searched
    db.entity(DOC).update(Key.of("tenant", "acme", "id", "d4")).set(Doc::embedding, new float[] {1, 0.01f, 0})
        .execute();
    assertArrayEquals(new float[] {1, 0.01f, 0}, db.entity(DOC).get(Key.of("tenant", "acme", "id", "d4"))
        .orElseThrow().embedding());
    assertEquals(List.of("d1", "d4"), ids(db.search(DOC, "byMeaning").vector(1, 0, 0).topK(3).partition(acme)
        .run()));
    assertEquals(2, searches.get());
  }

  static void refused(org.junit.jupiter.api.function.Executable search, String why) {
    ValidationException e = assertThrows(ValidationException.class, search);
    assertTrue(e.getMessage().contains(why), e.getMessage());
    assertEquals("Doc", e.entity(), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(AsyncBackend.class)
  void theAsynchronousClientSearchesAlike(AsyncBackend backend) {
    Model model = model();
    filled(backend.sync(), model);
    AsyncModelClient db = AsyncModelClient.create(model, backend.async());
    VectorSearch.Results<Doc> hits = db.search(DOC, "byMeaning").vector(1, 0, 0).topK(10)
        .partition(Key.of("tenant", "acme")).filter("lang", "en").runAsync().join();
    assertEquals(List.of("d1", "d2", "d4"), ids(hits));
    CompletionException refused = assertThrows(CompletionException.class, () -> db.search(DOC, "byMeaning")
        .vector(1, 0).topK(3).partition(Key.of("tenant", "acme")).runAsync().join());
    assertTrue(refused.getCause() instanceof ValidationException, refused.toString());
  }

  record Article(String tenant, String id, String title, String lang, float[] embedding) {}

  /** The README's example, line for line but for the client and the table's name. */
  @ParameterizedTest
  @EnumSource(Backend.class)
  void theReadmeExampleRuns(Backend backend) {
    Entity<Article> article = Entity.of(Article.class)
        .key("TENANT#{tenant}", "ARTICLE#{id}")
        .vector("embedding", "byMeaning");
    Model model = Model.builder(TableSchema.named(Backend.freshTable("Articles"))
            .vectorIndex(VectorIndex.of("byMeaning", "embedding", 3, VectorDistanceFunction.COSINE)
                .partitionKey("tenant")
                .inlineFilter("lang")))
        .entities(article).build();

    ModelClient db = ModelClient.create(model, backend.client());
    db.createTable();
    db.entity(article).put(new Article("acme", "a1", "Reset a password", "en", new float[] {0.9f, 0.1f, 0f}));
    db.entity(article).put(new Article("acme", "a2", "Change an e-mail", "en", new float[] {0.2f, 0.9f, 0f}));
    db.entity(article).put(new Article("acme", "a3", "Mot de passe oublié", "fr", new float[] {0.8f, 0.2f, 0f}));

    VectorSearch.Results<Article> hits = db.search(article, "byMeaning")
        .vector(1f, 0f, 0f).topK(10)
        .partition(Key.of("tenant", "acme"))
        .filter("lang", "en")
        .run();
    assertEquals(List.of("Reset a password", "Change an e-mail"), hits.stream().map(h -> h.item().title()).toList());
    assertScores(List.of(1 - 0.9 / Math.sqrt(0.82), 1 - 0.2 / Math.sqrt(0.85)), hits);
  }

  /** {@code client} with a count of the SearchVectors requests made through it. */
  static DynamoDbClient countingSearches(DynamoDbClient client, AtomicInteger searches) {
    return (DynamoDbClient) Proxy.newProxyInstance(DynamoDbClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
          if (method.getName().equals("searchVectors")) {
            searches.incrementAndGet();
          }
          try {
            return method.invoke(client, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }
}
