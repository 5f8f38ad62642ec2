package io.partita.server.cli;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code partita seed}: puts the items of a JSON file into a table of a data folder, or of a running server
 * ({@code --endpoint}), creating it if asked: the same requests either way ({@link Seeding}).
 */
@Command(name = "seed", mixinStandardHelpOptions = true,
    description = "Puts the items of a JSON file (an array of items, or one item a line; each in DynamoDB JSON such as"
        + " {\"pk\":{\"S\":\"a\"}} or plain JSON such as {\"pk\":\"a\",\"n\":1}) into a table of a data folder. A missing"
        + " table is created on demand when --key is given. With --endpoint, into a running server instead.")
public final class SeedCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--data", paramLabel = "DIR", defaultValue = "partita-data",
      description = "Data folder (default: ./${DEFAULT-VALUE}); must not be in use by a running server.")
  Path data;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table to put the items into.")
  String table;

  @Option(names = "--key", paramLabel = "NAME:TYPE", converter = KeyAttribute.Converter.class,
      description = "Creates a missing table with this partition key, as pk:S (types S, N, B).")
  KeyAttribute key;

  @Option(names = "--sort", paramLabel = "NAME:TYPE", converter = KeyAttribute.Converter.class,
      description = "The sort key of a table --key creates, as sk:N.")
  KeyAttribute sort;

  @Parameters(paramLabel = "FILE", description = "The JSON file of items.")
  Path file;

  @Mixin RunningServer server;

  @Override
  public Integer call() throws IOException, InterruptedException {
    ProgressBar bar = ProgressBar.onStderr(spec.commandLine().getErr());
    if (server.chosen()) {
      return server.run(spec, bar, dynamo -> seed(new Seeding(dynamo, "at " + server.endpoint), bar,
          " at " + server.endpoint));
    }
    try (Partita db = Partita.open(data); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
      return seed(new Seeding(dynamo, "in " + data), bar, "");
    }
  }

  /** The items into the table through {@code seeding}; {@code where} ends the line that says it is done. */
  private int seed(Seeding seeding, ProgressBar bar, String where) throws IOException, InterruptedException {
    try (InputStream in = Files.newInputStream(file)) {
      seeding.createIfMissing(table, key, sort);
      long total = Files.size(file);
      long written = seeding.seed(table, in, n -> bar.update("seed " + table, n, -1));
      bar.finish();
      spec.commandLine().getOut().println("Put " + written + " items from " + file + " (" + total + " bytes) into "
          + table + where);
      return 0;
    } catch (NoSuchFileException e) {
      return fail(bar, "no such file: " + e.getFile());
    } catch (AwsServiceException e) {
      return fail(bar, e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage());
    } catch (IllegalStateException e) {
      return fail(bar, e.getMessage());
    } catch (IllegalArgumentException e) {
      return fail(bar, file + ": " + e.getMessage());
    }
  }

  private int fail(ProgressBar bar, String message) {
    return RunningServer.fail(spec, bar, message);
  }
}
