package io.partita.embedded.junit;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * JUnit 5: an in-memory Partita for the tests that ask for one, with no network and no Docker.
 *
 * <pre>{@code
 * @ExtendWith(PartitaExtension.class)
 * class OrdersTest {
 *   @Test
 *   void createsAnOrder(DynamoDbClient dynamo) { ... }   // a fresh, empty database for this test
 * }
 * }</pre>
 *
 * <p>A parameter of type {@link DynamoDbClient} or {@link Partita} is resolved to a database that
 * is closed, and discarded, when its scope ends. The scope is the test method, unless a
 * {@code @BeforeAll} method of the class asked first: then the whole class shares that database
 * (so tables created in {@code @BeforeAll} are there in every test). In one scope, every
 * parameter, of either type, reaches the same database.
 */
public final class PartitaExtension implements ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PartitaExtension.class);
  private static final String KEY = "database";

  /** The database of one scope; JUnit closes it when the scope ends. */
  private static final class Database implements ExtensionContext.Store.CloseableResource {
    final Partita partita = Partita.inMemory();
    final DynamoDbClient client = PartitaDynamoDb.over(partita);

    @Override
    public void close() {
      partita.close();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == DynamoDbClient.class || type == Partita.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    // the store looks up the enclosing (class) scope too: a database opened for @BeforeAll is shared
    Database db = context.getStore(NAMESPACE).getOrComputeIfAbsent(KEY, k -> new Database(), Database.class);
    return parameter.getParameter().getType() == Partita.class ? db.partita : db.client;
  }
}
