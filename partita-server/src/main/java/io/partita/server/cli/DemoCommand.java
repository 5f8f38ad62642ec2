package io.partita.server.cli;

import io.partita.embedded.Quickstart;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code partita demo}: the single-table quickstart on the embedded engine, no server involved. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Runs the single-table quickstart (a user profile and its orders in one item collection) on"
        + " the embedded engine, through the AWS SDK's DynamoDbClient interface, with no server and no network.")
public final class DemoCommand implements Runnable {
  @Option(names = "--data", paramLabel = "DIR", defaultValue = "partita-data",
      description = "Data folder (default: ./${DEFAULT-VALUE}); must not be in use by a running server.")
  Path data;

  @Override
  public void run() {
    Quickstart.run(data);
  }
}
