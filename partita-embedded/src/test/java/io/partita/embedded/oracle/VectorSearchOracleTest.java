package io.partita.embedded.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchResultItem;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * Vector search against a model: a seeded random sequence of writes to a table with a vector index (vectors put,
 * replaced by UpdateItem, removed from an item, items without one, items deleted, writes of the wrong dimension that
 * must change nothing), with SearchVectors between them checked against an exhaustive search of the items the model
 * holds: the answer's size, every hit's score as docs/vector-search.md defines it (COSINE {@code 1 - cos} and
 * EUCLIDEAN lowest first, DOT_PRODUCT highest first, over the stored 32-bit floats), the order, and that no item
 * left out scores better than the last one kept. Scores are compared to float precision and ties may go either way,
 * so the check needs no knowledge of the engine's tie-break. Each seed takes one distance function and a dimension
 * of 2 to 8. The server module's subclass runs the same sequences over HTTP ({@link #subject()}).
 *
 * <p>{@code -Dpartita.vectorSeeds=K} runs seeds 1..K (default 6), {@code -Dpartita.seed=N} seed N alone (as the
 * differential tests read it).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class VectorSearchOracleTest {
  private static final int STEPS = 250;
  private static final int KEYS = 40;

  private Partita partita;
  private DynamoDbClient dynamo;

  /** The client under test: the embedded engine; the server module's subclass reaches one over HTTP. */
  protected DynamoDbClient subject() {
    partita = Partita.inMemory();
    return PartitaDynamoDb.over(partita);
  }

  /** Closes what {@link #subject()} opened. */
  protected void closeSubject() throws Exception {
    partita.close();
  }

  @BeforeAll
  void open() {
    dynamo = subject();
  }

  @AfterAll
  void close() throws Exception {
    closeSubject();
  }

  @TestFactory
  Stream<DynamicTest> randomSequences() {
    return OracleHarness.perSeed(Integer.getInteger("partita.vectorSeeds", 6), this::run);
  }

  private void run(long seed) {
    Random r = new Random(seed);
    VectorDistanceFunction function = List.of(VectorDistanceFunction.COSINE, VectorDistanceFunction.EUCLIDEAN,
        VectorDistanceFunction.DOT_PRODUCT).get((int) Math.floorMod(seed, 3L));
    int dims = 2 + r.nextInt(7);
    String table = "vec_" + seed + "_" + function.toString().toLowerCase();
    dynamo.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S))
        .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
        .vectorIndexes(v -> v.indexName("vecs").vectorAttribute(a -> a.attributeName("emb")).dimensions((long) dims)
            .distanceFunction(function).projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
    Map<String, float[]> model = new TreeMap<>(); // the items that hold a vector, by key
    int searches = 0;
    for (int step = 0; step < STEPS; step++) {
      String pk = "k" + r.nextInt(KEYS);
      Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromS(pk));
      int op = r.nextInt(100);
      if (op < 35) {
        float[] v = vector(r, dims);
        dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", key.get("pk"), "emb", list(v))));
        model.put(pk, v);
      } else if (op < 43) {
        dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", key.get("pk"), "note", AttributeValue.fromS("x"))));
        model.remove(pk);
      } else if (op < 58) {
        float[] v = vector(r, dims);
        dynamo.updateItem(b -> b.tableName(table).key(key).updateExpression("SET emb = :v")
            .expressionAttributeValues(Map.of(":v", list(v))));
        model.put(pk, v);
      } else if (op < 64) {
        dynamo.updateItem(b -> b.tableName(table).key(key).updateExpression("REMOVE emb"));
        model.remove(pk);
      } else if (op < 72) {
        dynamo.deleteItem(b -> b.tableName(table).key(key));
        model.remove(pk);
      } else if (op < 76) {
        float[] wrong = vector(r, dims + 1);
        DynamoDbException e = assertThrows(DynamoDbException.class,
            () -> dynamo.putItem(b -> b.tableName(table).item(Map.of("pk", key.get("pk"), "emb", list(wrong)))));
        assertEquals("ValidationException", e.awsErrorDetails().errorCode(), "seed " + seed + " step " + step);
      } else {
        search(table, function, model, vector(r, dims), 1 + r.nextInt(12), "seed " + seed + " step " + step);
        searches++;
      }
    }
    search(table, function, model, vector(r, dims), 100, "seed " + seed + " at the end");
    assertTrue(searches > 0, "seed " + seed + " searched nothing between its writes");
    dynamo.deleteTable(b -> b.tableName(table));
  }

  /** One SearchVectors, its answer checked against an exhaustive search of {@code model}. */
  private void search(String table, VectorDistanceFunction function, Map<String, float[]> model, float[] query,
      int topK, String where) {
    List<SearchResultItem> hits = dynamo.searchVectors(b -> b.tableName(table).indexName("vecs")
        .searchVector(list(query).l()).topK(topK)).searchResults();
    boolean highestFirst = function == VectorDistanceFunction.DOT_PRODUCT;
    Map<String, Double> expected = new HashMap<>();
    model.forEach((pk, v) -> expected.put(pk, score(function, v, query)));
    String context = where + ", " + function + " TopK " + topK + ": " + describe(hits);
    assertEquals(Math.min(topK, model.size()), hits.size(), context);
    Set<String> kept = new HashSet<>();
    double last = highestFirst ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    for (SearchResultItem hit : hits) {
      String pk = hit.item().get("pk").s();
      assertTrue(kept.add(pk), "twice: " + pk + " in " + context);
      Double want = expected.get(pk);
      if (want == null) {
        fail("an item that holds no vector, or no longer exists: " + pk + " in " + context);
      }
      assertEquals(want, hit.score(), tolerance(want), "the score of " + pk + " in " + context);
      double score = hit.score();
      assertTrue(highestFirst ? score <= last + tolerance(last) : score >= last - tolerance(last),
          "out of order at " + pk + " in " + context);
      last = score;
    }
    for (Map.Entry<String, Double> e : expected.entrySet()) {
      if (!kept.contains(e.getKey())) {
        double s = e.getValue();
        assertTrue(highestFirst ? s <= last + tolerance(last) : s >= last - tolerance(last),
            "left out though it scores " + s + ": " + e.getKey() + " in " + context);
      }
    }
  }

  /** The score of {@code item} for {@code query}, over the stored floats. */
  private static double score(VectorDistanceFunction function, float[] item, float[] query) {
    return VectorScores.score(function, doubles(item), doubles(query));
  }

  private static double[] doubles(float[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }

  /**
   * Scores are answered at float precision, from sums the engine takes in doubles in its own order: two floats apart
   * at most (a sum's last bits may round either way), or 1e-12 for a score next to 0.
   */
  private static double tolerance(double score) {
    return Double.isInfinite(score) ? 0 : Math.max(2 * Math.ulp((float) score), 1e-12);
  }

  /** A vector of {@code dims} floats in [-1, 1), each written as the text that reads back as that float. */
  private static float[] vector(Random r, int dims) {
    float[] v = new float[dims];
    for (int i = 0; i < dims; i++) {
      v[i] = r.nextFloat() * 2 - 1;
    }
    return v;
  }

  private static AttributeValue list(float[] v) {
    List<AttributeValue> l = new ArrayList<>();
    for (float f : v) {
      l.add(AttributeValue.fromN(Float.toString(f)));
    }
    return AttributeValue.fromL(l);
  }

  private static String describe(List<SearchResultItem> hits) {
    return hits.stream().map(h -> h.item().get("pk").s() + "=" + h.score()).toList().toString();
  }
}
