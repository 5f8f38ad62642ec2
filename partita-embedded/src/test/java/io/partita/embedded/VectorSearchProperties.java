package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.embedded.oracle.VectorScores;
import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElement;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElementType;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;
import software.amazon.awssdk.services.dynamodb.model.VectorDistanceFunction;

/**
 * Issue 38: SearchVectors against this test's own brute-force oracle. Random tables (distance function,
 * dimensions, a HASH partition or none, an inline filter or none, each projection), random items (some
 * without a vector, a HASH value or a filter value), random writes over them, and random searches
 * (TopK often larger than the candidates, filters, a ProjectionExpression naming the vector): the same
 * items in the same order with the same scores and the same attributes. Vector components are small
 * integers, so every sum is exact in any order and the scores must agree bit for bit; ties are common,
 * and broken by the key. 40 tries (a few seconds); jqwik reports the seed of a failure.
 */
class VectorSearchProperties {
  private static final VectorDistanceFunction[] FUNCTIONS = VectorDistanceFunction.knownValues().toArray(
      new VectorDistanceFunction[0]);

  @Property(tries = 40)
  void searchesAnswerAsTheOracle(@ForAll long seed) {
    Random random = new Random(seed);
    VectorDistanceFunction f = FUNCTIONS[random.nextInt(FUNCTIONS.length)];
    int dims = 1 + random.nextInt(6);
    boolean hash = random.nextBoolean();
    boolean filter = random.nextBoolean();
    ProjectionType projection = List.of(ProjectionType.ALL, ProjectionType.KEYS_ONLY, ProjectionType.INCLUDE)
        .get(random.nextInt(3));
    try (Partita partita = Partita.inMemory()) {
      DynamoDbClient dynamo = PartitaDynamoDb.over(partita);
      List<SearchSchemaElement> schema = new ArrayList<>();
      List<software.amazon.awssdk.services.dynamodb.model.AttributeDefinition> defs = new ArrayList<>();
      defs.add(def("pk"));
      if (hash) {
        schema.add(SearchSchemaElement.builder().attributeName("tenant").searchSchemaElementType(SearchSchemaElementType.HASH).build());
        defs.add(def("tenant"));
      }
      if (filter) {
        schema.add(SearchSchemaElement.builder().attributeName("color")
            .searchSchemaElementType(SearchSchemaElementType.INLINE_FILTER).build());
        defs.add(def("color"));
      }
      dynamo.createTable(b -> b.tableName("Vec").billingMode(BillingMode.PAY_PER_REQUEST).attributeDefinitions(defs)
          .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
          .vectorIndexes(v -> v.indexName("vix").vectorAttribute(a -> a.attributeName("emb")).dimensions((long) dims)
              .distanceFunction(f).searchSchema(schema.isEmpty() ? null : schema)
              .projection(p -> p.projectionType(projection)
                  .nonKeyAttributes(projection == ProjectionType.INCLUDE ? List.of("note") : null))));
      Map<String, Map<String, AttributeValue>> table = new HashMap<>();
      int writes = random.nextInt(80);
      for (int i = 0; i < writes; i++) {
        String pk = String.format("k%03d", random.nextInt(50));
        if (random.nextInt(8) == 0) {
          dynamo.deleteItem(b -> b.tableName("Vec").key(Map.of("pk", AttributeValue.fromS(pk))));
          table.remove(pk);
          continue;
        }
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", AttributeValue.fromS(pk));
        item.put("note", AttributeValue.fromS("n" + i));
        item.put("other", AttributeValue.fromN(Integer.toString(i)));
        if (random.nextInt(6) != 0) {
          item.put("emb", vector(random, dims));
        }
        if (random.nextInt(6) != 0) {
          item.put("tenant", AttributeValue.fromS(random.nextBoolean() ? "a" : "b"));
        }
        if (random.nextInt(3) != 0) {
          item.put("color", AttributeValue.fromS(random.nextBoolean() ? "red" : "green"));
        }
        dynamo.putItem(b -> b.tableName("Vec").item(item));
        table.put(pk, item);
      }
      for (int s = 0; s < 5; s++) {
        List<AttributeValue> query = vector(random, dims).l();
        int topK = 1 + random.nextInt(random.nextBoolean() ? 5 : 100);
        String tenant = hash ? (random.nextBoolean() ? "a" : "b") : null;
        String color = filter && random.nextBoolean() ? (random.nextBoolean() ? "red" : "green") : null;
        boolean withVector = random.nextInt(4) == 0;
        SearchVectorsRequest.Builder req = SearchVectorsRequest.builder().tableName("Vec").indexName("vix")
            .searchVector(query).topK(topK);
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> conditions = new ArrayList<>();
        if (tenant != null) {
          conditions.add("tenant = :t");
          values.put(":t", AttributeValue.fromS(tenant));
        }
        if (color != null) {
          conditions.add("color = :c");
          values.put(":c", AttributeValue.fromS(color));
        }
        if (!conditions.isEmpty()) {
          req.searchConditionExpression(String.join(" AND ", conditions)).expressionAttributeValues(values);
        }
        if (withVector) {
          req.projectionExpression("pk, emb, note");
        }
        SearchVectorsResponse r = dynamo.searchVectors(req.build());
        List<String> expected = oracle(table, f, dims, query, tenant, hash, color, topK);
        List<String> got = r.searchResults().stream().map(i -> i.item().get("pk").s()).toList();
        assertEquals(expected, got, "seed " + seed + ", search " + s);
        for (int i = 0; i < got.size(); i++) {
          Map<String, AttributeValue> item = table.get(got.get(i));
          assertEquals(answered(VectorScores.score(f, floats(item.get("emb").l()), floats(query))),
              r.searchResults().get(i).score(), "seed " + seed);
          assertEquals(projected(item, projection, hash, filter, withVector), r.searchResults().get(i).item(),
              "seed " + seed);
        }
      }
    }
  }

  private static software.amazon.awssdk.services.dynamodb.model.AttributeDefinition def(String name) {
    return software.amazon.awssdk.services.dynamodb.model.AttributeDefinition.builder().attributeName(name)
        .attributeType(ScalarAttributeType.S).build();
  }

  private static AttributeValue vector(Random random, int dims) {
    List<AttributeValue> l = new ArrayList<>();
    for (int i = 0; i < dims; i++) {
      l.add(AttributeValue.fromN(Integer.toString(random.nextInt(7) - 3)));
    }
    return AttributeValue.fromL(l);
  }

  private static double[] floats(List<AttributeValue> l) {
    double[] out = new double[l.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Double.parseDouble(l.get(i).n());
    }
    return out;
  }

  private static double answered(double raw) {
    return Double.parseDouble(Float.toString((float) raw));
  }

  private static List<String> oracle(Map<String, Map<String, AttributeValue>> table, VectorDistanceFunction f,
      int dims, List<AttributeValue> query, String tenant, boolean hash, String color, int topK) {
    double[] q = floats(query);
    List<String> candidates = new ArrayList<>();
    for (Map<String, AttributeValue> item : table.values()) {
      if (!item.containsKey("emb") || (hash && !item.containsKey("tenant"))) {
        continue; // not in the index
      }
      if (tenant != null && !tenant.equals(item.get("tenant").s())) {
        continue;
      }
      if (color != null && (!item.containsKey("color") || !color.equals(item.get("color").s()))) {
        continue;
      }
      candidates.add(item.get("pk").s());
    }
    Comparator<String> byScore = Comparator.comparingDouble(
        pk -> (float) VectorScores.score(f, floats(table.get(pk).get("emb").l()), q));
    if (f == VectorDistanceFunction.DOT_PRODUCT) {
      byScore = byScore.reversed();
    }
    candidates.sort(byScore.thenComparing(Comparator.naturalOrder()));
    return candidates.subList(0, Math.min(topK, candidates.size()));
  }

  private static Map<String, AttributeValue> projected(Map<String, AttributeValue> item, ProjectionType projection,
      boolean hash, boolean filter, boolean withVector) {
    Map<String, AttributeValue> out = new HashMap<>();
    for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
      String name = e.getKey();
      boolean kept = switch (projection) {
        case ALL -> true;
        case KEYS_ONLY -> name.equals("pk");
        default -> name.equals("pk") || name.equals("note") || (hash && name.equals("tenant"))
            || (filter && name.equals("color"));
      };
      if (kept && !name.equals("emb")) {
        out.put(name, e.getValue());
      }
    }
    if (withVector) {
      out.keySet().retainAll(List.of("pk", "note"));
      List<AttributeValue> asFloats = new ArrayList<>();
      for (AttributeValue n : item.get("emb").l()) {
        asFloats.add(AttributeValue.fromN(Float.toString(Float.parseFloat(n.n()))));
      }
      out.put("emb", AttributeValue.fromL(asFloats));
    }
    return out;
  }
}
