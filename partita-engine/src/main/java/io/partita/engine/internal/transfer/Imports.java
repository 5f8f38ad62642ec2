package io.partita.engine.internal.transfer;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.schema.CreateTable;
import io.partita.engine.internal.table.KeyDef;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.value.ScalarType;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportResponse;
import software.amazon.awssdk.services.dynamodb.model.ImportStatus;
import software.amazon.awssdk.services.dynamodb.model.ImportSummary;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportTableResponse;
import software.amazon.awssdk.services.dynamodb.model.InputCompressionType;
import software.amazon.awssdk.services.dynamodb.model.ListImportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListImportsResponse;
import software.amazon.awssdk.services.dynamodb.model.TableCreationParameters;

/**
 * ImportTable, DescribeImport and ListImports.
 *
 * <p>ImportTable creates the table from TableCreationParameters through CreateTable itself (one
 * place for its rules: a bad definition or a taken name is refused before anything is read), then
 * reads the source and writes its items ({@link ImportRun}), all within the call. The answer is the
 * service's at acceptance, IN_PROGRESS; DescribeImport then tells COMPLETED or FAILED with the
 * counts. Records that cannot be items are skipped, counted in ErrorCount and listed with their
 * object and line in an error log (DynamoDB writes them to CloudWatch Logs).
 *
 * <p>All or nothing, as a restore: the table is created marked as being imported ({@link
 * io.partita.engine.internal.table.TableDef#filling}: DescribeTable CREATING, item operations refused)
 * and the import's record IN_PROGRESS is stored before the first item; the mark is cleared in the
 * same atomic write that records COMPLETED, after the last item. A source that cannot be read at all,
 * or a storage failure, drops the table in the write that records FAILED; a crash leaves the mark,
 * and the next open drops the table and records the import FAILED ({@link Transfers#failInterrupted}).
 */
public final class Imports {
  private Imports() {}

  public static ImportTableResponse importTable(EngineContext ctx, ImportTableRequest req) {
    Transfers transfers = ctx.attached(Transfers.class);
    long now = ctx.clock().millis();
    ImportTableRequest withoutToken = req.toBuilder().clientToken(null).build();
    Transfers.Job<ImportTableDescription> earlier = transfers.byToken(ImportTableDescription.class, req.clientToken(), now);
    if (earlier != null) {
      if (!earlier.request.equals(withoutToken)) {
        // Partita's message; the service's could not be established
        throw new PartitaException(ErrorCode.ImportConflictException,
            "An import with the ClientToken " + req.clientToken() + " was requested with other parameters");
      }
      return ImportTableResponse.builder().importTableDescription(earlier.description).build();
    }
    TableCreationParameters params = req.tableCreationParameters();
    String id = Transfers.newId(now);
    TableDef def = tableOf(ctx, CreateTable.execute(ctx, createTable(params), id).tableDescription().tableName());
    String arn = def.arn(ctx.home()) + "/import/" + id;
    ImportTableDescription accepted = ImportTableDescription.builder()
        .importArn(arn)
        .importStatus(ImportStatus.IN_PROGRESS)
        .tableArn(def.arn(ctx.home()))
        .tableId(def.tableId())
        .clientToken(req.clientToken())
        .s3BucketSource(req.s3BucketSource())
        .inputFormat(req.inputFormat())
        .inputFormatOptions(req.inputFormatOptions())
        .inputCompressionType(req.inputCompressionType() == null ? InputCompressionType.NONE : req.inputCompressionType())
        .tableCreationParameters(params)
        .startTime(Instant.ofEpochMilli(now))
        .processedItemCount(0L).processedSizeBytes(0L).importedItemCount(0L).errorCount(0L)
        .build();
    Transfers.Job<ImportTableDescription> job = new Transfers.Job<>(withoutToken, req.clientToken(), now, accepted);
    try {
      transfers.add(arn, job);
    } catch (RuntimeException e) {
      // no record, no import: its marked table goes now (or, the store failing, at the next open)
      try {
        ctx.catalog().delete(def.name());
      } catch (RuntimeException again) {
        e.addSuppressed(again);
      }
      throw e;
    }

    ImportSource source = new ImportSource(transfers.directories, req.s3BucketSource().s3Bucket(),
        req.s3BucketSource().s3KeyPrefix(), req.inputFormat(), Compression.of(req.inputCompressionTypeAsString()),
        csvDelimiter(req), csvHeader(req), keyTypes(def));
    ErrorLog log = new ErrorLog(transfers.directories.root().resolve(".imports").resolve(id).resolve("errors.log"));
    Table table = ctx.catalog().get(def.name());
    ImportRun run = new ImportRun(ctx, table, source, log, transfers.progress);
    ImportTableDescription.Builder done = accepted.toBuilder();
    try {
      run.run();
      done.importStatus(ImportStatus.COMPLETED).importedItemCount(ctx.catalog().itemCount(table.def()));
    } catch (ImportSource.Unreadable e) {
      done.importStatus(ImportStatus.FAILED).failureCode(e.code).failureMessage(e.getMessage()).importedItemCount(0L);
    } catch (RuntimeException e) {
      // a storage failure: nothing of a failed import is left behind either
      done.importStatus(ImportStatus.FAILED).failureCode("InternalServerError")
          .failureMessage("The import stopped: " + e.getMessage()).importedItemCount(0L);
    } finally {
      log.close();
    }
    job.errorLog = log.path();
    ImportTableDescription ended = done.processedItemCount(run.processedItems())
        .processedSizeBytes(source.processedBytes()).errorCount(run.errors())
        .endTime(Instant.ofEpochMilli(ctx.clock().millis())).build();
    // the table cannot be deleted while marked (DeleteTable refuses a CREATING table), so it is here to finish
    if (ended.importStatus() == ImportStatus.COMPLETED) {
      // the mark goes with the record's COMPLETED: the table is never seen complete with the import unfinished
      transfers.finish(arn, job, ended,
          record -> ctx.catalog().updateExclusively(table.def().withImporting(null), record));
    } else {
      transfers.finish(arn, job, ended, record -> ctx.catalog().delete(def.name(), record));
    }
    return ImportTableResponse.builder().importTableDescription(accepted).build();
  }

  public static DescribeImportResponse describeImport(EngineContext ctx, DescribeImportRequest req) {
    ImportTableDescription d = ctx.attached(Transfers.class).description(ImportTableDescription.class, req.importArn());
    if (d == null) {
      // Partita's message; the service's could not be established
      throw new PartitaException(ErrorCode.ImportNotFoundException, "Import not found: " + req.importArn());
    }
    return DescribeImportResponse.builder().importTableDescription(d).build();
  }

  public static ListImportsResponse listImports(EngineContext ctx, ListImportsRequest req) {
    Transfers.Page<ImportSummary> page = ctx.attached(Transfers.class).page(ImportTableDescription.class,
        req.tableArn(), req.pageSize() == null ? 25 : req.pageSize(), req.nextToken(), ImportTableDescription::tableArn,
        d -> ImportSummary.builder().importArn(d.importArn()).importStatus(d.importStatus()).tableArn(d.tableArn())
            .s3BucketSource(d.s3BucketSource()).inputFormat(d.inputFormat()).startTime(d.startTime())
            .endTime(d.endTime()).build());
    return ListImportsResponse.builder().importSummaryList(page.summaries()).nextToken(page.nextToken()).build();
  }

  /** TableCreationParameters as the CreateTable request they stand for. */
  private static CreateTableRequest createTable(TableCreationParameters p) {
    return CreateTableRequest.builder()
        .tableName(p.tableName())
        .attributeDefinitions(p.attributeDefinitions())
        .keySchema(p.keySchema())
        .billingMode(p.billingModeAsString())
        .provisionedThroughput(p.provisionedThroughput())
        .onDemandThroughput(p.onDemandThroughput())
        .sseSpecification(p.sseSpecification())
        .globalSecondaryIndexes(p.globalSecondaryIndexes())
        .vectorIndexes(p.hasVectorIndexes() ? p.vectorIndexes() : null)
        .build();
  }

  private static TableDef tableOf(EngineContext ctx, String name) {
    return ctx.catalog().get(name).def();
  }

  /** The types of the key attributes of the table and its indexes, which typed CSV fields take. */
  private static Map<String, ScalarType> keyTypes(TableDef def) {
    Map<String, ScalarType> types = new LinkedHashMap<>();
    for (KeyDef k : def.attributeDefinitions()) {
      types.put(k.name(), k.type());
    }
    return types;
  }

  private static Character csvDelimiter(ImportTableRequest req) {
    String d = req.inputFormatOptions() == null || req.inputFormatOptions().csv() == null ? null
        : req.inputFormatOptions().csv().delimiter();
    return d == null ? null : d.charAt(0);
  }

  private static List<String> csvHeader(ImportTableRequest req) {
    return req.inputFormatOptions() == null || req.inputFormatOptions().csv() == null
        || !req.inputFormatOptions().csv().hasHeaderList() ? null : req.inputFormatOptions().csv().headerList();
  }
}
