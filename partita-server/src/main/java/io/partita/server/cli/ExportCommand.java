package io.partita.server.cli;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.engine.Partita;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportFormat;
import software.amazon.awssdk.services.dynamodb.model.ExportStatus;

/**
 * {@code partita export}: ExportTableToPointInTime of a table of a data folder, on the embedded engine, or of a
 * running server's ({@code --endpoint}): the same requests either way, through a DynamoDbClient.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = "Exports a table of a data folder as it is now (its point-in-time recovery must be on), in DynamoDB's export format (AWSDynamoDB/<ExportId>/"
        + " with manifest-summary.json, manifest-files.json and gzip'd data files), into S3ROOT/BUCKET/PREFIX."
        + " With --endpoint, a table of a running server, into the server's S3 root.")
public final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin DataFolder folder;

  @Mixin RunningServer server;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table to export.")
  String table;

  @Option(names = "--bucket", paramLabel = "BUCKET", defaultValue = "exports",
      description = "The bucket: a directory under the S3 root (default: ${DEFAULT-VALUE}).")
  String bucket;

  @Option(names = "--prefix", paramLabel = "PREFIX", description = "The key prefix in the bucket (default: none).")
  String prefix;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "DYNAMODB_JSON",
      description = "DYNAMODB_JSON or ION (default: ${DEFAULT-VALUE}).")
  ExportFormat format;

  @Option(names = "--enable-pitr",
      description = "Turn on the table's point-in-time recovery first if it is off: DynamoDB exports only tables that have it.")
  boolean enablePitr;

  @Override
  public Integer call() throws java.io.IOException, InterruptedException {
    ProgressBar bar = ProgressBar.onStderr(spec.commandLine().getErr());
    if (server.chosen()) {
      return server.run(spec, bar, dynamo -> export(dynamo, bar, manifest -> "bucket " + bucket + " of the server at "
          + server.endpoint + ", " + manifest.substring(0, manifest.lastIndexOf('/') + 1)));
    }
    try (Partita db = folder.open(bar); DynamoDbClient dynamo = PartitaDynamoDb.over(db)) {
      return export(dynamo, bar, manifest -> db.s3Root().resolve(bucket).resolve(manifest).getParent().toString());
    }
  }

  /** The export through {@code dynamo}, waited for; {@code where} says where a manifest's files are. */
  private int export(DynamoDbClient dynamo, ProgressBar bar, Function<String, String> where)
      throws InterruptedException {
    try {
      String arn = dynamo.describeTable(b -> b.tableName(table)).table().tableArn();
      if (enablePitr) {
        dynamo.updateContinuousBackups(b -> b.tableName(table)
            .pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
      }
      String exportArn = dynamo.exportTableToPointInTime(b -> b.tableArn(arn).s3Bucket(bucket).s3Prefix(prefix)
          .exportFormat(format)).exportDescription().exportArn();
      ExportDescription e = bar.awaitDone("export " + table,
          () -> dynamo.describeExport(b -> b.exportArn(exportArn)).exportDescription(),
          d -> d.exportStatus() == ExportStatus.IN_PROGRESS);
      if (e.exportStatus() != ExportStatus.COMPLETED) {
        spec.commandLine().getErr().println("partita export: " + e.failureCode() + ": " + e.failureMessage());
        return 1;
      }
      spec.commandLine().getOut().println("Exported " + e.itemCount() + " items of " + table + " to "
          + where.apply(e.exportManifest()));
      spec.commandLine().getOut().println("ExportArn: " + e.exportArn());
      return 0;
    } catch (AwsServiceException e) {
      String code = e.awsErrorDetails().errorCode();
      return RunningServer.fail(spec, bar, code + ": " + e.awsErrorDetails().errorMessage()
          + ("PointInTimeRecoveryUnavailableException".equals(code) ? " (add --enable-pitr to turn it on first)" : ""));
    }
  }
}
