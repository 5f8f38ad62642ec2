package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.Partita;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** {@code ./partita serve} as users run it: options, the ready message, and a clean stop on SIGTERM. */
class ServeCommandTest {

  @Test
  void helpExplainsEveryOption() throws Exception {
    String top = ServerProcess.run("--help");
    assertTrue(top.contains("serve") && top.contains("demo"), top);
    String serve = ServerProcess.run("serve", "--help");
    for (String option : List.of("--port", "--host", "--data", "--in-memory", "--credentials", "--access-key",
        "--secret-key", "--max-request-bytes", "--threads", "--memory", "--region")) {
      assertTrue(serve.contains(option), option + " missing from:\n" + serve);
    }
  }

  @Test
  void readyMessageNamesTheEndpointAndAnAwsCliExample(@TempDir Path data) throws Exception {
    try (ServerProcess server = ServerProcess.serve("--in-memory")) {
      assertTrue(server.endpoint.toString().startsWith("http://127.0.0.1:"), server.endpoint.toString());
      try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint)) {
        assertEquals(List.of(), dynamo.listTables().tableNames());
      }
    }
  }

  /**
   * A data folder other users of the machine can read is served, and said so in one line before the
   * endpoint's; one Partita makes is its user's alone, and nothing is said (docs/SECURITY.md).
   */
  @Test
  void aDataFolderOthersCanReadIsNamed(@TempDir Path dir) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
    Path open = java.nio.file.Files.createDirectory(dir.resolve("open"));
    java.nio.file.Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    try (ServerProcess server = ServerProcess.serve("--data", open.toString())) {
      assertEquals(List.of("Note: other users of this machine can read " + open.toAbsolutePath().normalize()
          + " (chmod 700 it to keep them out; docs/SECURITY.md)"), server.preamble);
    }
    try (ServerProcess server = ServerProcess.serve("--data", dir.resolve("new").toString())) {
      assertEquals(List.of(), server.preamble, "a folder Partita makes is its user's alone");
      assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(
          java.nio.file.Files.getPosixFilePermissions(dir.resolve("new"))));
    }
  }

  /**
   * Issue 13: with {@code --host 0.0.0.0} the ready message named 127.0.0.1 only. It says the server
   * listens on all interfaces, with the address it is bound to, and still leads with a URL that
   * works from this machine (the one scripts read).
   */
  @Test
  void aWildcardHostIsAnnouncedAsListeningOnAllInterfaces() throws Exception {
    try (ServerProcess server = ServerProcess.serve("--in-memory", "--host", "0.0.0.0")) {
      int port = server.endpoint.getPort();
      String ready = server.banner.get(0);
      // the bound address as the system reports it: 0.0.0.0, or [::] on a dual-stack socket
      String prefix = "Partita serving DynamoDB on http://127.0.0.1:" + port + " (listening on all interfaces, ";
      String suffix = ":" + port + ", reachable at any of this machine's addresses; in memory, any signature accepted)";
      assertTrue(ready.equals(prefix + "0.0.0.0" + suffix) || ready.equals(prefix + "[::]" + suffix), ready);
      assertEquals("Try: AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita aws dynamodb list-tables --endpoint-url"
          + " http://127.0.0.1:" + port + " --region us-east-1", server.banner.get(1));
      try (DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint)) {
        assertEquals(List.of(), dynamo.listTables().tableNames());
      }
    }
  }

  /** A specific address is named as bound (127.0.0.2: a loopback address other than the default). */
  @Test
  void aSpecificHostIsAnnouncedAsBound() throws Exception {
    try (ServerProcess server = ServerProcess.serve("--in-memory", "--host", "127.0.0.2")) {
      String url = "http://127.0.0.2:" + server.endpoint.getPort();
      assertEquals("Partita serving DynamoDB on " + url + " (in memory, any signature accepted)", server.banner.get(0));
      assertEquals("Try: AWS_ACCESS_KEY_ID=partita AWS_SECRET_ACCESS_KEY=partita aws dynamodb list-tables --endpoint-url "
          + url + " --region us-east-1", server.banner.get(1));
    }
  }

  /**
   * With credentials a signature must be scoped to the server's region, as at a DynamoDB endpoint;
   * {@code --region} says which one, and the health answer names it.
   */
  @Test
  void theRegionOptionScopesSignaturesAndNamesTheEndpoint() throws Exception {
    try (ServerProcess server = ServerProcess.serve("--in-memory", "--region", "eu-west-1",
        "--access-key", "AKIDREGION", "--secret-key", "s3cret")) {
      HttpResponse<String> health = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(server.endpoint).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      assertTrue(health.body().startsWith("healthy: dynamodb.eu-west-1.amazonaws.com"), health.body());
      try (DynamoDbClient ours = client(server, Region.EU_WEST_1);
          DynamoDbClient other = client(server, Region.US_EAST_1)) {
        assertEquals(List.of(), ours.listTables().tableNames());
        // the engine names the region too: in every ARN (and in stream records)
        String arn = ours.createTable(b -> b.tableName("regional").billingMode("PAY_PER_REQUEST")
            .keySchema(k -> k.attributeName("pk").keyType("HASH"))
            .attributeDefinitions(d -> d.attributeName("pk").attributeType("S"))).tableDescription().tableArn();
        assertEquals("arn:aws:dynamodb:eu-west-1:000000000000:table/regional", arn);
        AwsServiceException e = assertThrows(
            AwsServiceException.class, other::listTables);
        assertEquals("Credential should be scoped to a valid region, not 'us-east-1'. ", e.awsErrorDetails().errorMessage());
      }
    }
    String out = ServerProcess.run("serve", "--region", "Mars");
    assertTrue(out.contains("region must be a region name such as us-east-1 or eu-west-2, not 'Mars'"), out);
  }

  private static DynamoDbClient client(ServerProcess server, Region region) {
    return DynamoDbClient.builder().endpointOverride(server.endpoint).region(region)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create("AKIDREGION", "s3cret")))
        .httpClient(UrlConnectionHttpClient.create())
        .build();
  }

  /** {@code --faults} reaches the engine: every ListTables fails here, other operations not. */
  @Test
  void theFaultsOptionFailsTheRequestsItNames() throws Exception {
    try (ServerProcess server = ServerProcess.serve("--in-memory", "--faults",
        "rate=1,errors=ThrottlingException,operations=ListTables,seed=3")) {
      try (DynamoDbClient dynamo = DynamoDbClient.builder().endpointOverride(server.endpoint).region(Region.US_EAST_1)
          .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
          .httpClient(UrlConnectionHttpClient.create())
          .overrideConfiguration(o -> o.retryStrategy(software.amazon.awssdk.retries.DefaultRetryStrategy.doNotRetry()))
          .build()) {
        AwsServiceException e = assertThrows(AwsServiceException.class, dynamo::listTables);
        assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
        assertEquals(400, e.statusCode());
        dynamo.describeLimits(); // not named: served
      }
    }
    String out = ServerProcess.run("serve", "--faults", "rate=2");
    assertTrue(out.contains("the fault rate must be between 0 and 1, not 2.0"), out);
    out = ServerProcess.run("serve", "--faults", "rate=0.1,errors=ConditionalCheckFailedException");
    assertTrue(out.contains("fault errors must be some of"), out);
  }

  @Test
  void badOptionsAreRefusedWithAMessage() throws Exception {
    String out = ServerProcess.run("serve", "--port", "99999");
    assertTrue(out.contains("port must be between 0 and 65535"), out);
    assertTrue(!out.contains("\tat io.partita"), "no stack trace for a user's mistake:\n" + out);
    out = ServerProcess.run("serve", "--access-key", "only");
    assertTrue(out.contains("--access-key and --secret-key must be given together"), out);
    out = ServerProcess.run("serve", "--in-memory", "--metrics-token", "t");
    assertTrue(out.contains("--metrics-token needs credentials"), out);
    // an origin a browser never sends would never match: refused, not silently useless
    out = ServerProcess.run("serve", "--in-memory", "--cors-origin", "http://localhost:3000/");
    assertTrue(out.contains("no path, no trailing slash"), out);
    out = ServerProcess.run("serve", "--in-memory", "--allowed-host", "partita:8000");
    assertTrue(out.contains("an allowed host is a name or address without a port"), out);
  }

  /** Each guard opened wide is said at start (docs/SECURITY.md): it lets web pages reach the data. */
  @Test
  void aGuardOpenedWideIsAnnounced() throws Exception {
    try (ServerProcess server = ServerProcess.serve("--in-memory", "--cors-origin", "*", "--allowed-host", "*")) {
      String err = server.stderr();
      assertTrue(err.contains("warning: any web page of any site may call this server from a browser (--cors-origin *):"
          + " every site open in your browser can read and write every table; requests addressed to any name are"
          + " answered (--allowed-host *)"), err);
    }
    try (ServerProcess server = ServerProcess.serve("--in-memory")) {
      assertTrue(server.stderr().isEmpty(), server.stderr());
    }
  }

  /** The demo has its own folder by default, and on a folder a server holds it says so in one line. */
  @Test
  void theDemoRunsBesideAServerAndExplainsAFolderInUse(@TempDir Path data) throws Exception {
    assertTrue(ServerProcess.run("demo", "--help").contains("default: ./partita-demo-data"));
    String first = ServerProcess.run("demo", "--data", data.resolve("demo").toString());
    assertTrue(first.contains("created USER#alice with one order"), first);
    try (ServerProcess server = ServerProcess.serve("--data", data.resolve("served").toString())) {
      String busy = ServerProcess.run("demo", "--data", data.resolve("served").toString());
      assertTrue(busy.contains("partita demo: the data folder " + data.resolve("served") + " is in use by another process")
          && busy.contains("--data DIR"), busy);
      assertTrue(!busy.contains("\tat io.partita"), "no stack trace:\n" + busy);
    }
  }

  @Test
  void aBusyPortOrDataFolderIsExplainedNotStackTraced(@TempDir Path data) throws Exception {
    try (ServerProcess first = ServerProcess.serve("--data", data.toString())) {
      String samePort = ServerProcess.run("serve", "--in-memory", "--port", Integer.toString(first.endpoint.getPort()));
      assertTrue(samePort.contains("cannot listen on 127.0.0.1:" + first.endpoint.getPort()), samePort);
      // the options were right: a one-line reason and what to do, not the usage text
      assertTrue(samePort.contains("choose another with --port") && !samePort.contains("Usage:"), samePort);
      String sameData = ServerProcess.run("serve", "--data", data.toString(), "--port", "0");
      assertTrue(sameData.contains("partita serve: the data folder " + data + " is in use by another process (a"
          + " running server?); stop it or use --data DIR"), sameData);
      assertTrue(!sameData.contains("\tat io.partita"), sameData);
    }
  }

  /**
   * Writers keep writing while the server receives SIGTERM. Every write the server acknowledged is
   * in the data folder when it is opened again, and the folder opens (its lock was released):
   * in-flight requests finished and storage closed cleanly, whatever the timing.
   */
  @Test
  void sigtermFinishesInFlightWritesAndClosesTheDataFolder(@TempDir Path data) throws Exception {
    List<String> acknowledged = new CopyOnWriteArrayList<>();
    ServerProcess server = ServerProcess.serve("--data", data.toString());
    try (server; DynamoDbClient dynamo = SdkOverHttp.client(server.endpoint)) {
      dynamo.createTable(b -> b.tableName("orders")
          .attributeDefinitions(AttributeDefinition.builder().attributeName("PK").attributeType(ScalarAttributeType.S).build())
          .keySchema(KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build())
          .billingMode(BillingMode.PAY_PER_REQUEST));
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> writers = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        int writer = w;
        Thread t = new Thread(() -> {
          for (int i = 0; !stop.get(); i++) {
            String pk = "ORDER#" + writer + "-" + i;
            try {
              dynamo.putItem(b -> b.tableName("orders").item(Map.of("PK", AttributeValue.fromS(pk))));
              acknowledged.add(pk);
            } catch (SdkException e) {
              return; // the server has stopped
            }
          }
        });
        t.start();
        writers.add(t);
      }
      while (acknowledged.size() < 200 && writers.stream().anyMatch(Thread::isAlive)) {
        Thread.onSpinWait();
      }
      assertTrue(acknowledged.size() >= 200, "the writers stopped early; stderr:\n" + server.stderr());
      int exit = server.terminate();
      stop.set(true);
      for (Thread t : writers) {
        t.join();
      }
      assertEquals(143, exit, "a SIGTERM exit; stderr:\n" + server.stderr());
      assertTrue(server.stderr().contains("Partita stopped; data folder closed"), server.stderr());
    }
    try (Partita reopened = Partita.open(data)) {
      for (String pk : acknowledged) {
        GetItemResponse r = reopened.execute(GetItemRequest.builder().tableName("orders")
            .key(Map.of("PK", AttributeValue.fromS(pk))).build());
        assertTrue(r.hasItem(), pk + " was acknowledged but is missing");
      }
    }
  }
}
