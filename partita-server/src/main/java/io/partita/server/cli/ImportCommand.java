package io.partita.server.cli;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import java.util.function.Consumer;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CsvOptions;
import software.amazon.awssdk.services.dynamodb.model.ImportStatus;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.InputCompressionType;
import software.amazon.awssdk.services.dynamodb.model.InputFormat;

/**
 * {@code partita import}: ImportTable into a new table of a data folder, on the embedded engine, or of a running
 * server ({@code --endpoint}): the same requests either way, through a DynamoDbClient.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = "Imports the files under S3ROOT/BUCKET/PREFIX (DynamoDB JSON, Ion or CSV; gzip, zstd or none) into"
        + " a new on-demand table of a data folder, as ImportTable does; bad records are skipped and listed. With"
        + " --endpoint, into a running server, from the server's S3 root.")
public final class ImportCommand implements Callable<Integer> {
  private static final int SHOWN_ERRORS = 10;

  @Spec CommandSpec spec;

  @Mixin DataFolder folder;

  @Mixin RunningServer server;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The new table's name.")
  String table;

  @Option(names = "--key", required = true, paramLabel = "NAME:TYPE", converter = KeyAttribute.Converter.class,
      description = "The partition key, as pk:S (types S, N, B).")
  KeyAttribute key;

  @Option(names = "--sort", paramLabel = "NAME:TYPE", converter = KeyAttribute.Converter.class,
      description = "The sort key, as sk:N (default: none).")
  KeyAttribute sort;


  @Option(names = "--bucket", paramLabel = "BUCKET", required = true, description = "The bucket: a directory under the S3 root.")
  String bucket;

  @Option(names = "--prefix", paramLabel = "PREFIX", description = "Import the objects whose keys start with this (default: all).")
  String prefix;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "DYNAMODB_JSON",
      description = "DYNAMODB_JSON, ION or CSV (default: ${DEFAULT-VALUE}).")
  InputFormat format;

  @Option(names = "--compression", paramLabel = "TYPE", defaultValue = "NONE",
      description = "GZIP, ZSTD or NONE (default: ${DEFAULT-VALUE}).")
  InputCompressionType compression;

  @Option(names = "--delimiter", paramLabel = "CHAR", description = "CSV: the field delimiter (default: ,).")
  String delimiter;

  @Option(names = "--header", paramLabel = "NAMES", split = ",",
      description = "CSV: the column names, when the files have no header line.")
  List<String> header;

  @Override
  public Integer call() throws IOException, InterruptedException {
    ProgressBar bar = ProgressBar.onStderr(spec.commandLine().getErr());
    if (server.chosen()) {
      return server.run(spec, bar, dynamo -> importInto(dynamo, bar, arn -> spec.commandLine().getErr().println(
          "The server lists every bad record in .imports/" + arn.substring(arn.lastIndexOf('/') + 1)
              + "/errors.log under its S3 root")));
    }
    try (Partita db = folder.open(bar); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
      return importInto(dynamo, bar, arn -> {
        Path log = db.importErrorLog(arn);
        if (log != null) {
          List<String> shown = new ArrayList<>();
          try (Stream<String> lines = Files.lines(log)) {
            lines.limit(SHOWN_ERRORS).forEach(shown::add);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
          shown.forEach(l -> spec.commandLine().getErr().println("  " + l));
          spec.commandLine().getErr().println("Every bad record is listed in " + log);
        }
      });
    }
  }

  /** The import through {@code dynamo}, waited for; {@code errors} shows an import's bad records. */
  private int importInto(DynamoDbClient dynamo, ProgressBar bar, Consumer<String> errors)
      throws InterruptedException {
    try {
      String arn = dynamo.importTable(request()).importTableDescription().importArn();
      ImportTableDescription d = bar.awaitDone("import " + table,
          () -> dynamo.describeImport(b -> b.importArn(arn)).importTableDescription(),
          i -> i.importStatus() == ImportStatus.IN_PROGRESS);
      if (d.importStatus() != ImportStatus.COMPLETED) {
        spec.commandLine().getErr().println("partita import: " + d.failureCode() + ": " + d.failureMessage()
            + " (no table was left)");
        return 1;
      }
      spec.commandLine().getOut().println("Imported " + d.importedItemCount() + " items into " + table + " ("
          + d.processedItemCount() + " records read, " + d.errorCount() + " errors)");
      if (d.errorCount() != null && d.errorCount() > 0) {
        errors.accept(arn);
      }
      return 0;
    } catch (AwsServiceException e) {
      return RunningServer.fail(spec, bar, e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage());
    }
  }

  private ImportTableRequest request() {
    ImportTableRequest.Builder b = ImportTableRequest.builder()
        .s3BucketSource(s -> s.s3Bucket(bucket).s3KeyPrefix(prefix))
        .inputFormat(format).inputCompressionType(compression)
        .tableCreationParameters(t -> t.tableName(table).attributeDefinitions(KeyAttribute.definitions(key, sort))
            .keySchema(KeyAttribute.keySchema(key, sort))
            .billingMode(BillingMode.PAY_PER_REQUEST));
    if (delimiter != null || header != null) {
      b.inputFormatOptions(o -> o.csv(CsvOptions.builder().delimiter(delimiter).headerList(header).build()));
    }
    return b.build();
  }
}
