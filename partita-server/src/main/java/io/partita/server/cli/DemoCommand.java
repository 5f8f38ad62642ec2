package io.partita.server.cli;

import io.partita.embedded.Quickstart;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code partita demo}: the single-table quickstart on the embedded engine, no server involved. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = "Runs the single-table quickstart (a user profile and its orders in one item collection) on"
        + " the embedded engine, through the AWS SDK's DynamoDbClient interface, with no server and no network.")
public final class DemoCommand implements java.util.concurrent.Callable<Integer> {
  // its own folder by default, so the demo never meets a server running on ./partita-data
  @Option(names = "--data", paramLabel = "DIR", defaultValue = "partita-demo-data",
      description = "Data folder (default: ./${DEFAULT-VALUE}); must not be in use by a running server.")
  Path data;

  @Override
  public Integer call() {
    try {
      Quickstart.run(data);
      return 0;
    } catch (io.partita.engine.DataDirectoryInUseException e) {
      throw e; // said in one line, as by every command (PartitaCommand.commandLine)
    } catch (RuntimeException e) {
      System.err.println("partita demo: cannot run on the data folder " + data.toAbsolutePath().normalize() + ": "
          + e.getMessage() + " (is a server using it? give the demo another folder with --data DIR)");
      return 1;
    }
  }
}
