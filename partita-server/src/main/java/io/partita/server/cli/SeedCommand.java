package io.partita.server.cli;

import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.transfer.ItemFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/** {@code partita seed}: puts the items of a JSON file into a table of a data folder, creating it if asked. */
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

  @Option(names = "--key", paramLabel = "NAME:TYPE", converter = ImportCommand.KeyConverter.class,
      description = "Creates a missing table with this partition key, as pk:S (types S, N, B).")
  KeyAttribute key;

  @Option(names = "--sort", paramLabel = "NAME:TYPE", converter = ImportCommand.KeyConverter.class,
      description = "The sort key of a table --key creates, as sk:N.")
  KeyAttribute sort;

  @Parameters(paramLabel = "FILE", description = "The JSON file of items.")
  Path file;

  @Mixin RunningServer server;

  @Override
  public Integer call() throws IOException, InterruptedException {
    ProgressBar bar = ProgressBar.onStderr(spec.commandLine().getErr());
    if (server.chosen()) {
      return overHttp(bar);
    }
    try (Partita db = Partita.open(data); InputStream in = Files.newInputStream(file)) {
      createIfMissing(db);
      long total = Files.size(file);
      long written = ItemFiles.seed(db::execute, table, in, n -> bar.update("seed " + table, n, -1));
      bar.finish();
      spec.commandLine().getOut().println("Put " + written + " items from " + file + " (" + total + " bytes) into " + table);
      return 0;
    } catch (NoSuchFileException e) {
      return fail(bar, "no such file: " + e.getFile());
    } catch (PartitaException e) {
      return fail(bar, e.code() + ": " + e.getMessage());
    } catch (IllegalArgumentException e) {
      return fail(bar, file + ": " + e.getMessage());
    }
  }

  /** {@code --endpoint}: the items into a running server, over HTTP (SeedOverHttp). */
  private int overHttp(ProgressBar bar) throws IOException, InterruptedException {
    String misuse = server.misuse(spec);
    if (misuse != null) {
      return fail(bar, misuse);
    }
    try (SeedOverHttp into = new SeedOverHttp(server.client()); InputStream in = Files.newInputStream(file)) {
      into.createIfMissing(table, key, sort, server.endpoint);
      long total = Files.size(file);
      long written = into.seed(table, in, n -> bar.update("seed " + table, n, -1));
      bar.finish();
      spec.commandLine().getOut().println("Put " + written + " items from " + file + " (" + total + " bytes) into "
          + table + " at " + server.endpoint);
      return 0;
    } catch (NoSuchFileException e) {
      return fail(bar, "no such file: " + e.getFile());
    } catch (software.amazon.awssdk.awscore.exception.AwsServiceException e) {
      return fail(bar, e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage());
    } catch (software.amazon.awssdk.core.exception.SdkClientException e) {
      return fail(bar, server.noAnswer(e));
    } catch (IllegalStateException e) {
      return fail(bar, e.getMessage());
    } catch (IllegalArgumentException e) {
      return fail(bar, file + ": " + e.getMessage());
    }
  }

  private int fail(ProgressBar bar, String message) {
    bar.finish();
    spec.commandLine().getErr().println("partita seed: " + message);
    return 1;
  }

  private void createIfMissing(Partita db) {
    try {
      db.execute(DescribeTableRequest.builder().tableName(table).build());
      return;
    } catch (PartitaException e) {
      if (e.code() != ErrorCode.ResourceNotFoundException) {
        throw e;
      }
      if (key == null) {
        throw new PartitaException(ErrorCode.ResourceNotFoundException, "There is no table " + table
            + " in " + data + "; give --key NAME:TYPE (and --sort) to create it");
      }
    }
    List<KeySchemaElement> keys = new ArrayList<>();
    List<software.amazon.awssdk.services.dynamodb.model.AttributeDefinition> defs = new ArrayList<>();
    keys.add(KeySchemaElement.builder().attributeName(key.name()).keyType(KeyType.HASH).build());
    defs.add(key.definition());
    if (sort != null) {
      keys.add(KeySchemaElement.builder().attributeName(sort.name()).keyType(KeyType.RANGE).build());
      defs.add(sort.definition());
    }
    db.execute(CreateTableRequest.builder().tableName(table).keySchema(keys).attributeDefinitions(defs)
        .billingMode(BillingMode.PAY_PER_REQUEST).build());
  }
}
