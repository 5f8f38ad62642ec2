package io.partita.model;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import io.partita.server.PartitaServer;
import io.partita.server.SdkOverHttp;
import io.partita.server.ServerConfig;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The asynchronous clients the async tests run against, each with a synchronous client of the same database (to
 * check what the async client wrote, and that the two clients answer alike). Partita embedded has no asynchronous
 * client: {@code PARTITA} runs the embedded client's calls on a small pool behind the {@link DynamoDbAsyncClient}
 * interface (the futures complete on another thread, as the SDK's do). {@code PARTITA_OVER_HTTP} is the SDK's own
 * asynchronous client with its default (Netty) HTTP client, against Partita's server on a free port.
 */
enum AsyncBackend {
  PARTITA, PARTITA_OVER_HTTP;

  private DynamoDbAsyncClient async;
  private DynamoDbClient sync;

  synchronized DynamoDbAsyncClient async() {
    start();
    return async;
  }

  synchronized DynamoDbClient sync() {
    start();
    return sync;
  }

  private void start() {
    if (async != null) {
      return;
    }
    if (this == PARTITA) {
      sync = PartitaDynamoDb.inMemory();
      async = onPool(sync, Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "embedded-async");
        t.setDaemon(true);
        return t;
      }));
      return;
    }
    URI endpoint;
    try {
      endpoint = PartitaServer.start(Partita.inMemory(), ServerConfig.defaults().withPort(0)).endpoint();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    sync = SdkOverHttp.client(endpoint);
    // the SDK's defaults, as an application's would be: the Netty HTTP client (on the classpath through dynamodb),
    // the region and the credentials SdkOverHttp gives the synchronous client, from the system properties the
    // SDK's default providers read (so this module's code needs none of the SDK's builder types)
    System.setProperty("aws.region", "us-east-1");
    System.setProperty("aws.accessKeyId", "partita");
    System.setProperty("aws.secretAccessKey", "partita-secret");
    async = DynamoDbAsyncClient.builder().endpointOverride(endpoint).build();
  }

  /** Each request of {@code client} sent on {@code pool}, answered through a future. */
  static DynamoDbAsyncClient onPool(DynamoDbClient client, ExecutorService pool) {
    return (DynamoDbAsyncClient) Proxy.newProxyInstance(DynamoDbAsyncClient.class.getClassLoader(),
        new Class<?>[] {DynamoDbAsyncClient.class}, (proxy, method, args) -> {
          if (method.getName().equals("serviceName")) {
            return client.serviceName();
          }
          if (method.getName().equals("close")) {
            return null;
          }
          Method sync = DynamoDbClient.class.getMethod(method.getName(), method.getParameterTypes());
          return CompletableFuture.supplyAsync(() -> {
            try {
              return sync.invoke(client, args);
            } catch (InvocationTargetException e) {
              throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
              throw new IllegalStateException(e);
            }
          }, pool);
        });
  }
}
