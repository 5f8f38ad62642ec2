package io.partita.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * Issue 16's promise: every operation of DynamoDB's API, as the SDK's model lists them (one method of
 * {@link DynamoDbClient} taking a request per operation), is served by the engine: answered, or
 * refused by name with DynamoDB's error. None answers UnknownOperationException; an SDK upgrade
 * that brings a new operation fails this test until the operation is served or refused.
 */
class EveryOperationTest {

  /** DynamoDB's operations, by the SDK's client interface: each takes its own XRequest. */
  private static Set<String> sdkOperations() {
    Set<String> ops = new TreeSet<>();
    for (Method m : DynamoDbClient.class.getMethods()) {
      Class<?>[] params = m.getParameterTypes();
      if (params.length == 1 && DynamoDbRequest.class.isAssignableFrom(params[0])
          && !Modifier.isAbstract(params[0].getModifiers())) {
        String name = params[0].getSimpleName();
        ops.add(name.substring(0, name.length() - "Request".length()));
      }
    }
    return ops;
  }

  @Test
  void everyOperationIsServed() {
    Set<String> ops = sdkOperations();
    // the model has 58 operations today; a much smaller count means the walk above broke, not that all are served
    assertTrue(ops.size() >= 58, ops.toString());
    Set<String> unserved = new TreeSet<>(ops);
    unserved.removeAll(Partita.operationNames());
    assertEquals(Set.of(), unserved, "DynamoDB operations the engine does not serve");
  }
}
