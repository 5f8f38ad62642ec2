package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportFormat;
import software.amazon.awssdk.services.dynamodb.model.ExportStatus;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeResponse;

/** {@code partita export}: ExportTableToPointInTime of a table of a data folder, on the embedded engine. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = "Exports a table of a data folder as it is now (its point-in-time recovery must be on), in DynamoDB's export format (AWSDynamoDB/<ExportId>/"
        + " with manifest-summary.json, manifest-files.json and gzip'd data files), into S3ROOT/BUCKET/PREFIX.")
public final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin DataFolder folder;

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
  public Integer call() {
    ProgressBar bar = ProgressBar.onStderr(spec.commandLine().getErr());
    try (Partita db = folder.open(bar)) {
      String arn = db.<DescribeTableResponse>execute(DescribeTableRequest.builder().tableName(table).build()).table().tableArn();
      if (enablePitr) {
        db.execute(software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest.builder().tableName(table)
            .pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)).build());
      }
      ExportTableToPointInTimeResponse started = db.execute(ExportTableToPointInTimeRequest.builder()
          .tableArn(arn).s3Bucket(bucket).s3Prefix(prefix).exportFormat(format).build());
      ExportDescription e = db.<software.amazon.awssdk.services.dynamodb.model.DescribeExportResponse>execute(
          DescribeExportRequest.builder().exportArn(started.exportDescription().exportArn()).build()).exportDescription();
      bar.finish();
      if (e.exportStatus() != ExportStatus.COMPLETED) {
        spec.commandLine().getErr().println("partita export: " + e.failureCode() + ": " + e.failureMessage());
        return 1;
      }
      Path dir = db.s3Root().resolve(bucket).resolve(e.exportManifest()).getParent();
      spec.commandLine().getOut().println("Exported " + e.itemCount() + " items of " + table + " to " + dir);
      spec.commandLine().getOut().println("ExportArn: " + e.exportArn());
      return 0;
    } catch (PartitaException e) {
      bar.finish();
      spec.commandLine().getErr().println("partita export: " + e.code() + ": " + e.getMessage()
          + (e.code() == io.partita.engine.ErrorCode.PointInTimeRecoveryUnavailableException
              ? " (add --enable-pitr to turn it on first)" : ""));
      return 1;
    }
  }
}
