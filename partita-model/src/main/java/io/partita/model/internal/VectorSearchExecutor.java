package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.partita.model.Key;
import io.partita.model.ModelException;
import io.partita.model.ValidationException;
import io.partita.model.VectorIndex;
import io.partita.model.internal.RecordMapper.Field;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.SearchResultItem;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest;
import software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse;

/**
 * One SearchVectors of an entity's vector index: the request checked against the binding before it is sent (the
 * vector's length and values, TopK, the partition value and the filters, each refused naming entity and field), and
 * the answer decoded through {@link Recognition} like every read: the entity's items decoded (the vector, which the
 * answer never holds, as null), another entity's items and skipped foreign ones counted, a foreign item refused.
 */
public final class VectorSearchExecutor<T> {
  /** DynamoDB's bounds of TopK. */
  public static final int MAX_TOP_K = 100;

  /** The decoded answer, most similar first as DynamoDB answered it, and how many items were not the entity's. */
  public record Found<T>(List<T> items, List<Double> scores, int skipped) {}

  private final VectorBinding binding;
  private final Dynamo dynamo;
  private final String table;
  private final Recognition recognition;
  private final String entity;
  private final VectorIndex index;

  public VectorSearchExecutor(VectorBinding binding, Dynamo dynamo, String table, Recognition recognition) {
    this.binding = binding;
    this.dynamo = dynamo;
    this.table = table;
    this.recognition = recognition;
    this.entity = binding.entity().name();
    this.index = binding.index();
  }

  /** Sends the search ({@code filters}: field name to value, in order) and decodes its answer. */
  public CompletableFuture<Found<T>> run(float[] vector, Integer topK, Key partition, Map<String, Object> filters) {
    SearchVectorsRequest request = request(vector, topK, partition, filters);
    return dynamo.searchVectors(request).thenApply(this::decode);
  }

  SearchVectorsRequest request(float[] vector, Integer topK, Key partition, Map<String, Object> filters) {
    List<AttributeValue> values = searchVector(vector);
    if (topK == null || topK < 1 || topK > MAX_TOP_K) {
      throw refused(null, topK == null ? "give topK(1.." + MAX_TOP_K + "), how many results to return"
          : "topK " + topK + " is outside DynamoDB's 1 to " + MAX_TOP_K);
    }
    Expressions x = new Expressions();
    List<String> conditions = new ArrayList<>();
    String hash = partition(partition, x);
    if (hash != null) {
      conditions.add(hash);
    }
    filters.forEach((name, value) -> {
      Field f = binding.filters().get(name);
      if (f == null) {
        throw refused(name, "is not an inline filter of vector index " + index.name() + " (its filters are "
            + index.inlineFilters() + "; the fields of " + entity + " stored as them: "
            + binding.filters().keySet() + ")");
      }
      conditions.add(x.equality(f, value, binding.entity()));
    });
    SearchVectorsRequest.Builder b = SearchVectorsRequest.builder().tableName(table).indexName(index.name())
        .searchVector(values).topK(topK);
    if (!conditions.isEmpty()) {
      b.searchConditionExpression(String.join(" AND ", conditions)).expressionAttributeNames(x.names())
          .expressionAttributeValues(x.values());
    }
    return b.build();
  }

  /** The vector as N values, once it is known to be as long as the index's vectors and finite. */
  private List<AttributeValue> searchVector(float[] vector) {
    String field = binding.vector().name();
    if (vector == null) {
      throw refused(field, "a search needs a vector: give vector(..) with " + index.dimensions() + " numbers");
    }
    if (vector.length != index.dimensions()) {
      throw refused(field, "the search vector has " + vector.length + " numbers, but vector index " + index.name()
          + " has " + index.dimensions() + " dimensions");
    }
    List<AttributeValue> out = new ArrayList<>(vector.length);
    for (int i = 0; i < vector.length; i++) {
      if (!Float.isFinite(vector[i])) {
        throw refused(field, "the search vector holds " + vector[i] + " at position " + i + "; DynamoDB's numbers"
            + " are finite");
      }
      out.add(AttributeValue.fromN(Codecs.finiteFloat(vector[i])));
    }
    return out;
  }

  /** {@code #n = :v} on the index's partition key, or null for an index without one. */
  private String partition(Key partition, Expressions x) {
    String hash = index.partitionKey();
    if (hash == null) {
      if (!partition.values().isEmpty()) {
        throw refused(null, "vector index " + index.name() + " has no partition key, so a search takes no"
            + " partition values (given " + partition.values().keySet() + ")");
      }
      return null;
    }
    Field f = binding.partitionField();
    if (f != null) {
      if (!partition.values().keySet().equals(java.util.Set.of(f.name()))) {
        throw refused(f.name(), "vector index " + index.name() + " is partitioned by " + hash + ": give"
            + " partition(Key.of(\"" + f.name() + "\", value)), not " + partition.values().keySet());
      }
      return x.equality(f, partition.values().get(f.name()), binding.entity());
    }
    Template t = binding.partitionTemplate();
    binding.entity().checkKeyFields(partition, new java.util.HashSet<>(t.fields()), "partition key " + hash
        + " of vector index " + index.name() + " ('" + t + "')");
    return x.equality(hash, AttributeValue.fromS(binding.entity().render(t, partition, false)));
  }

  private ValidationException refused(String field, String why) {
    return new ValidationException("Entity " + entity + (field == null ? "" : ", field " + field) + ": " + why,
        entity, field);
  }

  @SuppressWarnings("unchecked")
  private Found<T> decode(SearchVectorsResponse response) {
    List<T> items = new ArrayList<>();
    List<Double> scores = new ArrayList<>();
    int skipped = 0;
    for (SearchResultItem hit : response.searchResults()) {
      Map<String, AttributeValue> item = hit.item();
      EntityModel<?> e = recognition.entityOf(item);
      if (e != binding.entity()) {
        skipped++; // another entity's item in the index, the library's own, or a foreign one skipped by request
        continue;
      }
      if (hit.score() == null) {
        throw new ModelException("Table " + table + ", vector index " + index.name() + ": SearchVectors answered an"
            + " item of " + entity + " without a score", entity, null);
      }
      items.add((T) recognition.decodeAs(e, item, false, binding.vector()));
      scores.add(hit.score());
    }
    return new Found<>(List.copyOf(items), List.copyOf(scores), skipped);
  }
}
