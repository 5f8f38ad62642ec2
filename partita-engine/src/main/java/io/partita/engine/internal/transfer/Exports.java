package io.partita.engine.internal.transfer;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportResponse;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportFormat;
import software.amazon.awssdk.services.dynamodb.model.ExportStatus;
import software.amazon.awssdk.services.dynamodb.model.ExportSummary;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeResponse;
import software.amazon.awssdk.services.dynamodb.model.ExportType;
import software.amazon.awssdk.services.dynamodb.model.ExportViewType;
import software.amazon.awssdk.services.dynamodb.model.IncrementalExportSpecification;
import software.amazon.awssdk.services.dynamodb.model.ListExportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListExportsResponse;
import software.amazon.awssdk.services.dynamodb.model.S3SseAlgorithm;

/**
 * ExportTableToPointInTime, DescribeExport and ListExports.
 *
 * <p>The export is written within the call, from one consistent state of the table that {@link
 * PointInTime} gives (the table as of ExportTime; for an INCREMENTAL_EXPORT, the items changed in its
 * window with their images at its ends), in DynamoDB's layout ({@link ExportWriter}). The
 * answer is the service's at acceptance, IN_PROGRESS; DescribeExport then tells COMPLETED (or
 * FAILED when the files could not be written) with ItemCount and the manifest's key.
 */
public final class Exports {
  /** A table ARN: arn:aws:dynamodb:REGION:ACCOUNT:table/NAME. */
  private static final Pattern TABLE_ARN = Pattern.compile("arn:aws[a-z-]*:dynamodb:[^:]*:[^:]*:table/([a-zA-Z0-9_.-]{3,255})");

  private Exports() {}

  public static ExportTableToPointInTimeResponse exportTable(EngineContext ctx, ExportTableToPointInTimeRequest req) {
    Transfers transfers = ctx.attached(Transfers.class);
    long now = ctx.clock().millis();
    ExportTableToPointInTimeRequest withoutToken = req.toBuilder().clientToken(null).build();
    Transfers.Job<ExportDescription> earlier = transfers.byToken(ExportDescription.class, req.clientToken(), now);
    if (earlier != null) {
      if (!earlier.request.equals(withoutToken)) {
        // Partita's message; the service's could not be established
        throw new PartitaException(ErrorCode.ExportConflictException,
            "An export with the ClientToken " + req.clientToken() + " was requested with other parameters");
      }
      return ExportTableToPointInTimeResponse.builder().exportDescription(earlier.description).build();
    }
    TableDef def = table(ctx, req.tableArn());
    if (req.s3SseAlgorithm() == S3SseAlgorithm.KMS || req.s3SseKmsKeyId() != null) {
      throw PartitaException.validation("ExportTableToPointInTime with S3SseAlgorithm KMS is not supported by Partita: "
          + "its S3 buckets are local directories, which hold no KMS keys");
    }
    ExportType type = req.exportType() == null ? ExportType.FULL_EXPORT : req.exportType();
    ExportFormat format = req.exportFormat() == null ? ExportFormat.DYNAMODB_JSON : req.exportFormat();
    PointInTime.Items items = null;
    PointInTime.Window window = null;
    IncrementalExportSpecification spec = null;
    if (type == ExportType.INCREMENTAL_EXPORT) {
      IncrementalExportSpecification given = req.incrementalExportSpecification();
      if (req.exportTime() != null) {
        // Partita's text: ExportTime is a full export's instant; an incremental export has a window instead
        throw PartitaException.validation("ExportTime cannot be given with an ExportType of INCREMENTAL_EXPORT: "
            + "give IncrementalExportSpecification's ExportFromTime and ExportToTime");
      }
      if (format == ExportFormat.ION) {
        throw PartitaException.validation("ExportTableToPointInTime with ExportType INCREMENTAL_EXPORT and ExportFormat "
            + "ION is not supported by Partita: use DYNAMODB_JSON");
      }
      window = PointInTime.incrementalExport(ctx, def, given == null ? null : given.exportFromTime(),
          given == null ? null : given.exportToTime());
      ExportViewType view = given.exportViewType() == null ? ExportViewType.NEW_AND_OLD_IMAGES : given.exportViewType();
      spec = IncrementalExportSpecification.builder().exportFromTime(window.from()).exportToTime(window.to())
          .exportViewType(view).build();
    } else {
      items = PointInTime.fullExport(ctx, def, req.exportTime());
    }
    String id = Transfers.newId(now);
    String arn = def.arn(ctx.home()) + "/export/" + id;
    String exportDir = S3Directories.key(req.s3Prefix(), "AWSDynamoDB/" + id);
    ExportDescription accepted = ExportDescription.builder()
        .exportArn(arn)
        .exportStatus(ExportStatus.IN_PROGRESS)
        .startTime(Instant.ofEpochMilli(now))
        .tableArn(def.arn(ctx.home()))
        .tableId(def.tableId())
        .exportTime(items == null ? null : items.exportTime())
        .incrementalExportSpecification(spec)
        .clientToken(req.clientToken())
        .s3Bucket(req.s3Bucket())
        .s3BucketOwner(req.s3BucketOwner())
        .s3Prefix(req.s3Prefix())
        .s3SseAlgorithm(req.s3SseAlgorithm() == null ? S3SseAlgorithm.AES256 : req.s3SseAlgorithm())
        .exportFormat(format)
        .exportType(type)
        .exportManifest(exportDir + "/manifest-summary.json")
        .build();
    Transfers.Job<ExportDescription> job = new Transfers.Job<>(withoutToken, req.clientToken(), now, accepted);
    transfers.add(arn, job);
    ExportDescription.Builder done = accepted.toBuilder();
    try (AutoCloseable closing = items) {
      ExportWriter writer = new ExportWriter(transfers.directories, req.s3Bucket(), exportDir, format,
          transfers.progress, "export " + def.name(), window == null ? ctx.catalog().itemCount(def) : window.changes().size());
      ExportWriter.Written w = writer.write(window == null ? ExportWriter.full(items, format)
          : ExportWriter.incremental(window.changes(), spec.exportViewType()), accepted, ctx.clock());
      done.exportStatus(ExportStatus.COMPLETED).itemCount(w.items()).billedSizeBytes(w.bytes());
    } catch (Exception e) {
      // Partita's failure code; the service's codes for a bucket it cannot write could not be established
      done.exportStatus(ExportStatus.FAILED).failureCode("S3WriteFailed")
          .failureMessage("The export could not be written to bucket " + req.s3Bucket() + ": " + e.getMessage());
    }
    transfers.finish(arn, job, done.endTime(Instant.ofEpochMilli(ctx.clock().millis())).build());
    return ExportTableToPointInTimeResponse.builder().exportDescription(accepted).build();
  }

  public static DescribeExportResponse describeExport(EngineContext ctx, DescribeExportRequest req) {
    ExportDescription d = ctx.attached(Transfers.class).description(ExportDescription.class, req.exportArn());
    if (d == null) {
      // Partita's message; the service's could not be established
      throw new PartitaException(ErrorCode.ExportNotFoundException, "Export not found: " + req.exportArn());
    }
    return DescribeExportResponse.builder().exportDescription(d).build();
  }

  public static ListExportsResponse listExports(EngineContext ctx, ListExportsRequest req) {
    Transfers.Page<ExportSummary> page = ctx.attached(Transfers.class).page(ExportDescription.class, req.tableArn(),
        req.maxResults() == null ? 25 : req.maxResults(), req.nextToken(), ExportDescription::tableArn,
        d -> ExportSummary.builder().exportArn(d.exportArn()).exportStatus(d.exportStatus()).exportType(d.exportType())
            .build());
    return ListExportsResponse.builder().exportSummaries(page.summaries()).nextToken(page.nextToken()).build();
  }

  /** The table a TableArn names, or the service's errors for a malformed ARN and a missing table. */
  private static TableDef table(EngineContext ctx, String tableArn) {
    Matcher m = TABLE_ARN.matcher(tableArn);
    if (!m.matches()) {
      throw PartitaException.validation("Invalid TableArn: " + tableArn);
    }
    Table t = ctx.catalog().tableOrNull(m.group(1));
    // a table a restore or an import is still filling has no items to export yet, as for point-in-time recovery
    if (t == null || t.def().filling()) {
      // Partita's message; the service's could not be established
      throw new PartitaException(ErrorCode.TableNotFoundException, "Table not found: " + tableArn);
    }
    return t.def();
  }
}
