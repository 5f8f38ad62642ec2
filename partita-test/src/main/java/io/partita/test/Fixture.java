package io.partita.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Items to load into the table before a test, from JSON files on the test class path (resolved as {@link
 * Class#getResource} resolves them: {@code "orders.json"} next to the test class, {@code "/fixtures/orders.json"}
 * from the root). On the class (or a class it extends, or one it is nested in): loaded into every new table (before each test, or once with {@link
 * ModelTest.Lifecycle#PER_CLASS}); on a test method: before that test, after the class's.
 *
 * <p>A file is an object of entity names (each entity's {@link io.partita.model.Entity#name()}, the type
 * attribute's value) to lists of items written with the entity's fields, as the model stores them:
 *
 * <pre>{@code
 * {
 *   "Customer": [ {"customerId": "c1", "name": "Ada"} ],
 *   "Order":    [ {"customerId": "c1", "orderId": "o1", "total": 12.5, "placedAt": "2026-04-01T10:00:00Z"} ]
 * }
 * }</pre>
 *
 * <p>Each item is read by the model ({@link io.partita.model.Model#decode}) into its record and written as the model
 * writes it ({@link io.partita.model.Model#encode}), so the keys, index keys and type attribute come from the
 * model's templates and follow them when they change. Nothing is maintained: ids, timestamps and versions are
 * what the file says. An item that is not what the model reads (an unknown entity or field, a value of the wrong
 * type, a missing key field, the same key twice) fails the test with a {@link FixtureException} naming the file
 * and the item; nothing is skipped.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Fixture {
  /** The files, loaded in this order. */
  String[] value();
}
