package io.partita.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An entity's key templates written on its record, for the build-time check of the {@code partita-model-processor}
 * module: with the processor on the compiler's path, a placeholder that names no record component
 * ({@code USER#{usrname}}), a component that cannot be part of a key, a format that does not fit its field, or an
 * Optional field in the table key fails compilation, pointing at the template. For each annotated record
 * {@code Post} the processor generates a class {@code Post_} (for a record nested in {@code Blog},
 * {@code Blog_Post_}) holding the templates as constants ({@code PARTITION}, {@code SORT}, {@code GSI1_PARTITION},
 * …), one {@link Field} per record component ({@code Post_.title}), {@code key(username, postId)} (the table key from
 * its fields' values, typed) and {@code entity()}: the {@link Entity} with these keys, to be completed with ids,
 * timestamps and versions as usual.
 *
 * <pre>{@code
 * @KeyTemplates(partition = "USER#{username}", sort = "POST#{postId}",
 *     indexes = @KeyTemplates.Index(name = "gsi1", partition = "POST", sort = "STATUS#{published}#{postId}"))
 * record Post(String username, String postId, String title, Boolean published) {}
 *
 * Entity<Post> post = Post_.entity().generatedId("postId", Ids.ULID);
 * AccessPattern<Post> postsByUser = AccessPattern.of("Posts by user", post)
 *     .partition(Post_.PARTITION).sortBeginsWith("POST#").build();
 * db.entity(post).update(key).set(Post_.title, "Hello").execute();
 * }</pre>
 *
 * <p>Only the record's own shape is checked at compile time; what depends on the table (its index names, whether it
 * has a sort key) and on the other entities (keys that could collide) is checked by {@link Model.Builder#build()},
 * which stays the authority. Without the processor the annotation does nothing.
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface KeyTemplates {

  /** The table's partition key template. */
  String partition();

  /** The table's sort key template; empty for a table keyed by its partition key alone. */
  String sort() default "";

  /** The entity's name in the table's type attribute; empty for the record's simple name. */
  String name() default "";

  /** The entity's keys in the table's indexes. */
  Index[] indexes() default {};

  /** The key of one index: {@link Entity#index} (global) or {@link Entity#localIndex} ({@code local = true}). */
  @Retention(RetentionPolicy.SOURCE)
  @Target({})
  @interface Index {
    /** The index name, as in {@link TableSchema#globalIndex} or {@link TableSchema#localIndex}. */
    String name();

    /** The partition key template; empty for a local index, which shares the table's. */
    String partition() default "";

    /** The sort key template; empty for an index keyed by its partition key alone. */
    String sort() default "";

    /** A local secondary index: same partition key as the table, {@link #sort()} only. */
    boolean local() default false;
  }
}
