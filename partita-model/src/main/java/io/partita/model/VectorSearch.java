package io.partita.model;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.concurrent.CompletableFuture;

import io.partita.model.internal.Futures;
import io.partita.model.internal.VectorBinding;

/**
 * A SearchVectors of one entity's vector index ({@link ModelClient#search}), configured fluently, then run: the
 * entity's records most similar to a vector, each with its score.
 *
 * <pre>{@code
 * List<VectorSearch.Scored<Doc>> hits = db.search(doc, "byMeaning")
 *     .vector(embeddingOf("how do I reset my password"))   // as many numbers as the index has dimensions
 *     .topK(10)                                            // 1 to 100
 *     .partition(Key.of("tenant", "acme"))                 // the index's partition key, when it has one
 *     .filter("lang", "en")                                // equality on an inline filter field
 *     .run();
 * hits.get(0).item();   // a Doc: every field but the vector, which SearchVectors does not return (null)
 * hits.get(0).score();  // COSINE and EUCLIDEAN: lowest first; DOT_PRODUCT: highest first
 * }</pre>
 *
 * <p><b>What a result holds.</b> SearchVectors never answers the vector attribute, so the bound field is null in
 * every result (an empty Optional when it is an Optional); every other field is decoded as a read decodes it, because
 * {@link Model.Builder#build()} refused an index that does not project them all. Read the item by its key for its
 * vector. <b>Other items.</b> The index holds every item that has its vector attribute: another entity's item in the
 * answer is skipped and counted ({@link Results#skipped()}), so a search may return fewer than {@code topK} records;
 * an item the model did not write is an {@link UnrecognizedItemException} unless the client skips foreign items.
 *
 * <p>Everything a request can be refused for is checked before it is sent, as a {@link ValidationException} naming
 * the entity and the field: a vector whose length is not the index's dimensions, or with a value that is not a finite
 * float; a TopK outside 1 to 100; a missing partition value (or one the index has no place for); a filter on a field
 * that is not an inline filter of the index. A mutable builder: not thread-safe; configure it and run it in one
 * thread.
 *
 * @param <T> the entity's record
 */
public final class VectorSearch<T extends Record> {

  /** One result: the record (its vector null: see above) and its score as DynamoDB answered it. */
  public record Scored<T>(T item, double score) {}

  /**
   * The records of one search, most similar first, and the count of items in the answer that were not the
   * entity's ({@link #skipped()}). An unmodifiable list.
   */
  public static final class Results<T> extends AbstractList<Scored<T>> implements RandomAccess {
    private final List<Scored<T>> hits;
    private final int skipped;

    Results(List<Scored<T>> hits, int skipped) {
      this.hits = List.copyOf(hits);
      this.skipped = skipped;
    }

    @Override
    public Scored<T> get(int index) {
      return hits.get(index);
    }

    @Override
    public int size() {
      return hits.size();
    }

    /** The records alone, in order. */
    public List<T> items() {
      return hits.stream().map(Scored::item).toList();
    }

    /** Items of other entities (or foreign items skipped by the client's {@code skipForeignItems()}) left out. */
    public int skipped() {
      return skipped;
    }
  }

  private final ClientCore core;
  private final VectorBinding binding;
  private float[] vector;
  private Integer topK;
  private Key partition = Key.empty();
  private final Map<String, Object> filters = new LinkedHashMap<>();

  VectorSearch(ClientCore core, VectorBinding binding) {
    this.core = core;
    this.binding = binding;
  }

  /** The vector to search with: as many numbers as the index has dimensions. Copied. */
  public VectorSearch<T> vector(float... values) {
    this.vector = Objects.requireNonNull(values, "values").clone();
    return this;
  }

  /** {@link #vector(float...)} from a list; a null element is refused naming the entity and the field. */
  public VectorSearch<T> vector(List<Float> values) {
    Objects.requireNonNull(values, "values");
    float[] copy = new float[values.size()];
    for (int i = 0; i < copy.length; i++) {
      Float f = values.get(i);
      if (f == null) {
        String entity = binding.entity().name();
        String field = binding.vector().name();
        throw new ValidationException("Entity " + entity + ", field " + field + ": the search vector holds null at"
            + " position " + i, entity, field);
      }
      copy[i] = f;
    }
    this.vector = copy;
    return this;
  }

  /** How many results to return, 1 to 100 (DynamoDB's TopK); required. */
  public VectorSearch<T> topK(int topK) {
    this.topK = topK;
    return this;
  }

  /**
   * The value of the index's partition key, by the entity's field name: the field stored as it, or the fields of
   * the entity's key template for it ({@code Key.of("tenant", "acme")} renders {@code TENANT#{tenant}}). Required
   * when the index has a partition key, refused when it has none.
   */
  public VectorSearch<T> partition(Key values) {
    this.partition = Objects.requireNonNull(values, "values");
    return this;
  }

  /** Only items whose {@code field} equals {@code value}: a field stored as an inline filter of the index. */
  public VectorSearch<T> filter(String field, Object value) {
    filters.put(Objects.requireNonNull(field, "field"), Objects.requireNonNull(value, "value"));
    return this;
  }

  /** {@link #filter(String, Object)} on a field named by its accessor ({@code Doc::lang}). */
  public <V> VectorSearch<T> filter(Field<T, V> field, V value) {
    return filter(field.name(), value);
  }

  /** Sends the search and decodes the answer. */
  public Results<T> run() {
    return Futures.join(runAsync());
  }

  /**
   * {@link #run()} without waiting (on an {@link AsyncModelClient}, nothing blocks; on a {@link ModelClient}, the
   * future is complete when returned). The future fails with the exceptions {@code run()} throws.
   */
  public CompletableFuture<Results<T>> runAsync() {
    float[] v = vector;
    Integer k = topK;
    Key p = partition;
    Map<String, Object> f = new LinkedHashMap<>(filters);
    return Futures.call(() -> core.<T>vectorSearch(binding).run(v, k, p, f).thenApply(found -> {
      List<Scored<T>> hits = new ArrayList<>(found.items().size());
      for (int i = 0; i < found.items().size(); i++) {
        hits.add(new Scored<>(found.items().get(i), found.scores().get(i)));
      }
      return new Results<>(hits, found.skipped());
    }));
  }
}
