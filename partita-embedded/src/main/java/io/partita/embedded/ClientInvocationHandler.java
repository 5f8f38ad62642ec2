package io.partita.embedded;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbServiceClientConfiguration;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * Implements every method of {@link DynamoDbClient} with one dispatch: a method given a request
 * object goes to the engine; the interface's convenience forms (a {@code Consumer} of a builder,
 * no arguments, paginators) are its own default methods, which build the request and call back
 * through this proxy.
 */
final class ClientInvocationHandler implements InvocationHandler {
  private final Partita partita;
  private final boolean owned;

  ClientInvocationHandler(Partita partita, boolean owned) {
    this.partita = partita;
    this.owned = owned;
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    // an operation: a request in, its response out (paginators also take a request, but are default methods)
    if (args != null && args.length == 1 && args[0] instanceof DynamoDbRequest request
        && DynamoDbResponse.class.isAssignableFrom(method.getReturnType())) {
      try {
        return partita.execute(request);
      } catch (PartitaException e) {
        throw SdkErrors.toSdk(e);
      }
    }
    switch (method.getName()) {
      case "close":
        if (owned) {
          partita.close();
        }
        return null;
      case "serviceName":
        return DynamoDbClient.SERVICE_NAME;
      case "serviceClientConfiguration":
        return DynamoDbServiceClientConfiguration.builder().region(Region.US_EAST_1).build();
      case "waiter":
        return DynamoDbWaiter.builder().client((DynamoDbClient) proxy).build();
      case "toString":
        return "PartitaDynamoDb[" + partita + "]";
      case "hashCode":
        return System.identityHashCode(proxy);
      case "equals":
        return proxy == args[0];
      default:
        break;
    }
    if (method.isDefault()) {
      try {
        return InvocationHandler.invokeDefault(proxy, method, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
    throw SdkErrors.unknownOperation(method.getName());
  }
}
