package io.partita.engine.internal.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.engine.StorageFaults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CsvOptions;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ImportStatus;
import software.amazon.awssdk.services.dynamodb.model.ImportSummary;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportTableResponse;
import software.amazon.awssdk.services.dynamodb.model.InputCompressionType;
import software.amazon.awssdk.services.dynamodb.model.InputFormat;
import software.amazon.awssdk.services.dynamodb.model.InputFormatOptions;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ListExportsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListImportsRequest;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TableCreationParameters;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;

/**
 * ImportTable is all or nothing, as a restore is: its table is CREATING, and refused to item
 * operations, until its last item is written; a crash at any write leaves, after the next open,
 * either no table and the import FAILED with its reason, or the whole table and the import
 * COMPLETED; the records of imports and exports outlive a restart; an unreadable object says why.
 *
 * <p>Facts: an item operation on a table that is not ACTIVE answers ResourceNotFoundException ("The
 * operation tried to access a nonexistent table or index. The resource might not be specified
 * correctly, or its status might not be ACTIVE": the exception's documentation, botocore's
 * reference, services/dynamodb/client/exceptions/ResourceNotFoundException), with the item
 * operations' text {@code Requested resource not found} (docs/dynamodb-messages.md; for a CREATING
 * table checked against the service by ExtendDB, github.com/ExtendDB/extenddb/pull/204); DeleteTable
 * of a CREATING table answers ResourceInUseException {@code Attempt to change a resource which is
 * still in use: Table is being created: T} (the AWS CLI against the service, captured in
 * github.com/vdesabou/kafka-docker-playground/issues/8703; the same text in
 * github.com/terraform-aws-modules/terraform-aws-dynamodb-table/issues/51); the import's
 * table is being created for as long as the import runs (API reference, ImportTableDescription:
 * EndTime is "the time at which the creation of the table associated with this import task
 * completed"), so it is CREATING meanwhile, as a restored table is.
 */
class ImportAtomicityTest {
  @TempDir Path dir;

  private Path s3() {
    return dir.resolve("s3");
  }

  private Path data() {
    return dir.resolve("data");
  }

  /** {@code n} items, DynamoDB JSON lines, in {@code in/items.json}: {@code n / 25} batches of the import. */
  private void source(int n) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < n; i++) {
      lines.append("{\"Item\":{\"pk\":{\"S\":\"p").append(i).append("\"},\"g\":{\"S\":\"g").append(i % 3)
          .append("\"}}}\n");
    }
    write("in/items.json", lines.toString().getBytes(StandardCharsets.UTF_8));
  }

  private void write(String key, byte[] content) throws IOException {
    Path f = s3().resolve("in-bucket").resolve(key);
    Files.createDirectories(f.getParent());
    Files.write(f, content);
  }

  static TableCreationParameters target(String table) {
    return TableCreationParameters.builder().tableName(table)
        .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
            AttributeDefinition.builder().attributeName("g").attributeType(ScalarAttributeType.S).build())
        .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byG")
            .keySchema(KeySchemaElement.builder().attributeName("g").keyType(KeyType.HASH).build())
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build())
        .billingMode(BillingMode.PAY_PER_REQUEST).build();
  }

  private static ImportTableRequest request(String table, InputCompressionType compression) {
    return ImportTableRequest.builder()
        .s3BucketSource(b -> b.s3Bucket("in-bucket").s3KeyPrefix("in/"))
        .inputFormat(InputFormat.DYNAMODB_JSON).inputCompressionType(compression)
        .tableCreationParameters(target(table)).build();
  }

  private static ImportTableDescription describe(Partita db, String arn) {
    return db.<DescribeImportResponse>execute(DescribeImportRequest.builder().importArn(arn).build())
        .importTableDescription();
  }

  private static ImportTableDescription importTable(Partita db, ImportTableRequest req) {
    ImportTableResponse r = db.execute(req);
    return describe(db, r.importTableDescription().importArn());
  }

  private static List<ImportSummary> imports(Partita db) {
    return db.<software.amazon.awssdk.services.dynamodb.model.ListImportsResponse>execute(
        ListImportsRequest.builder().build()).importSummaryList();
  }

  private static List<String> tables(Partita db) {
    return db.<software.amazon.awssdk.services.dynamodb.model.ListTablesResponse>execute(
        software.amazon.awssdk.services.dynamodb.model.ListTablesRequest.builder().build()).tableNames();
  }

  private static void assertRefused(Supplier<Object> op) {
    PartitaException e = assertThrows(PartitaException.class, op::get);
    assertEquals(ErrorCode.ResourceNotFoundException, e.code());
    assertEquals("Requested resource not found", e.getMessage());
  }

  /**
   * Seen from the progress hook, which runs on the import's thread after each batch: the table is
   * CREATING and its items, even those already written, are refused to readers and writers alike;
   * once the call returns it is ACTIVE with every item and its index filled.
   */
  @Test
  void theTableIsCreatingAndRefusedUntilItsLastItem() throws IOException {
    source(100);
    List<String> seen = new ArrayList<>();
    Partita[] db = new Partita[1];
    db[0] = Partita.with().s3Root(s3()).transferProgress((what, done, total) -> {
      Partita p = db[0];
      DescribeTableResponse d = p.execute(DescribeTableRequest.builder().tableName("Imp").build());
      seen.add(d.table().tableStatusAsString());
      Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromS("p0"));
      assertRefused(() -> p.execute(GetItemRequest.builder().tableName("Imp").key(key).build()));
      assertRefused(() -> p.execute(ScanRequest.builder().tableName("Imp").build()));
      assertRefused(() -> p.execute(PutItemRequest.builder().tableName("Imp")
          .item(Map.of("pk", AttributeValue.fromS("intruder"), "g", AttributeValue.fromS("g0"))).build()));
      PartitaException deleting = assertThrows(PartitaException.class, () -> p.execute(
          software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest.builder().tableName("Imp").build()));
      assertEquals(ErrorCode.ResourceInUseException, deleting.code());
      assertEquals("Attempt to change a resource which is still in use: Table is being created: Imp",
          deleting.getMessage());
      // nor can its half be copied elsewhere: as for a table a restore is filling
      assertEquals(ErrorCode.TableInUseException, assertThrows(PartitaException.class, () -> p.execute(
          software.amazon.awssdk.services.dynamodb.model.CreateBackupRequest.builder().tableName("Imp")
              .backupName("half").build())).code());
      assertEquals(ErrorCode.TableNotFoundException, assertThrows(PartitaException.class, () -> p.execute(
          ExportTableToPointInTimeRequest.builder().tableArn(d.table().tableArn()).s3Bucket("out").build())).code());
    }).inMemory();
    try (Partita p = db[0]) {
      ImportTableDescription d = importTable(p, request("Imp", InputCompressionType.NONE));
      assertEquals(ImportStatus.COMPLETED, d.importStatus(), d.failureMessage());
      assertEquals(List.of("CREATING", "CREATING", "CREATING", "CREATING"), seen, "one look a batch of 25");
      DescribeTableResponse after = p.execute(DescribeTableRequest.builder().tableName("Imp").build());
      assertEquals(TableStatus.ACTIVE, after.table().tableStatus());
      assertEquals(100L, after.table().itemCount());
      assertEquals(100, p.<software.amazon.awssdk.services.dynamodb.model.ScanResponse>execute(
          ScanRequest.builder().tableName("Imp").build()).count(), "no intruder got in");
      assertEquals(34, p.<software.amazon.awssdk.services.dynamodb.model.QueryResponse>execute(QueryRequest.builder()
          .tableName("Imp").indexName("byG").keyConditionExpression("g = :g")
          .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("g0"))).build()).count());
    }
  }

  /**
   * A crash at each write of an import of 200 items (the table's creation, the import's record, eight
   * batches, the last write clearing the mark with COMPLETED): after the next open the table is absent
   * and the import FAILED with its reason, or (the last write through) whole and COMPLETED; never
   * part of it.
   */
  @Test
  void aCrashAtAnyWriteLeavesNoTableOrTheWholeTable() throws IOException {
    source(200);
    int writes = 1 + 1 + 8 + 1;
    for (int k = 0; k <= writes; k++) {
      Path at = data().resolve("k" + k);
      StorageFaults faults = new StorageFaults();
      try (Partita db = Partita.with().s3Root(s3()).storageFaults(faults).open(at)) {
        faults.crashAfterWrites(k, false);
        try {
          db.execute(request("Imp", InputCompressionType.NONE));
        } catch (RuntimeException crashed) {
          // the store stopped under the import: what matters is what the next open finds
        }
      }
      try (Partita db = Partita.with().s3Root(s3()).open(at)) {
        List<ImportSummary> list = imports(db);
        if (k < 2) {
          // the crash took the table's creation or the import's record: the import never was
          assertEquals(List.of(), list, "k=" + k);
          assertFalse(tables(db).contains("Imp"), "k=" + k);
          continue;
        }
        assertEquals(1, list.size(), "k=" + k);
        ImportTableDescription d = describe(db, list.get(0).importArn());
        if (k < writes) {
          assertEquals(ImportStatus.FAILED, d.importStatus(), "k=" + k);
          assertEquals(Transfers.INTERRUPTED, d.failureCode());
          assertTrue(d.failureMessage().contains("stopped during the import"), d.failureMessage());
          assertNotNull(d.endTime());
          assertFalse(tables(db).contains("Imp"), "k=" + k + ": a half-filled table is dropped");
        } else {
          assertEquals(ImportStatus.COMPLETED, d.importStatus(), "k=" + k);
          assertEquals(200L, d.importedItemCount());
          DescribeTableResponse t = db.execute(DescribeTableRequest.builder().tableName("Imp").build());
          assertEquals(TableStatus.ACTIVE, t.table().tableStatus());
          assertEquals(200L, t.table().itemCount());
        }
      }
    }
  }

  /**
   * DescribeImport, ListImports, DescribeExport, ListExports and a ClientToken's idempotency answer
   * the same after a restart: every member of the descriptions (TableCreationParameters with its
   * index, CSV options, counts, times, failures) is stored.
   */
  @Test
  void importsAndExportsAreRememberedAcrossARestart() throws IOException {
    source(30);
    write("in/z-bad.json", "{\"Item\":{\"g\":{\"S\":\"no key\"}}}\n".getBytes(StandardCharsets.UTF_8));
    write("csv/a.csv", "pk;g\nx;y\n".getBytes(StandardCharsets.UTF_8));
    ImportTableDescription done;
    ImportTableDescription csv;
    ImportTableDescription failed;
    ExportDescription exported;
    Path errorLog;
    ImportTableRequest withToken = request("Tok", InputCompressionType.NONE).toBuilder().clientToken("t-1").build();
    try (Partita db = Partita.with().s3Root(s3()).open(data())) {
      done = importTable(db, request("Imp", InputCompressionType.NONE));
      errorLog = db.importErrorLog(done.importArn());
      csv = importTable(db, ImportTableRequest.builder()
          .s3BucketSource(b -> b.s3Bucket("in-bucket").s3KeyPrefix("csv/")).inputFormat(InputFormat.CSV)
          .inputFormatOptions(InputFormatOptions.builder().csv(CsvOptions.builder().delimiter(";").build()).build())
          .tableCreationParameters(target("Csv")).build());
      failed = importTable(db, request("Bad", InputCompressionType.GZIP));
      importTable(db, withToken);
      db.execute(UpdateContinuousBackupsRequest.builder().tableName("Imp")
          .pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)).build());
      String tableArn = db.<DescribeTableResponse>execute(DescribeTableRequest.builder().tableName("Imp").build())
          .table().tableArn();
      exported = db.<software.amazon.awssdk.services.dynamodb.model.DescribeExportResponse>execute(
          software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest.builder().exportArn(db.<
              software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeResponse>execute(
              ExportTableToPointInTimeRequest.builder().tableArn(tableArn).s3Bucket("out").build())
              .exportDescription().exportArn()).build()).exportDescription();
    }
    assertEquals(ImportStatus.COMPLETED, done.importStatus());
    assertEquals(1L, done.errorCount());
    assertNotNull(errorLog);
    assertEquals(ImportStatus.COMPLETED, csv.importStatus(), csv.failureMessage());
    assertEquals(ImportStatus.FAILED, failed.importStatus());
    try (Partita db = Partita.with().s3Root(s3()).open(data())) {
      assertEquals(done, describe(db, done.importArn()));
      assertEquals(csv, describe(db, csv.importArn()));
      assertEquals(failed, describe(db, failed.importArn()));
      assertEquals(List.of(done.importArn(), csv.importArn(), failed.importArn()),
          imports(db).stream().map(ImportSummary::importArn).toList().subList(0, 3), "oldest first");
      assertEquals(4, imports(db).size());
      assertEquals(exported, db.<software.amazon.awssdk.services.dynamodb.model.DescribeExportResponse>execute(
          software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest.builder()
              .exportArn(exported.exportArn()).build()).exportDescription());
      assertEquals(1, db.<software.amazon.awssdk.services.dynamodb.model.ListExportsResponse>execute(
          ListExportsRequest.builder().build()).exportSummaries().size());
      // the same token and request: the same import, not a second one (nor a refusal of the taken name)
      ImportTableResponse again = db.execute(withToken);
      assertEquals(imports(db).get(3).importArn(), again.importTableDescription().importArn());
      PartitaException conflict = assertThrows(PartitaException.class,
          () -> db.execute(withToken.toBuilder().inputFormat(InputFormat.ION).build()));
      assertEquals(ErrorCode.ImportConflictException, conflict.code());
      assertEquals(errorLog, db.importErrorLog(done.importArn()));
    }
  }

  /** A file that is not in its declared compression says what is wrong with it, never "null". */
  @Test
  void anUnreadableObjectSaysWhy() throws IOException {
    try (Partita db = Partita.with().s3Root(s3()).inMemory()) {
      write("in/items.json", "{\"Item\":{\"pk\":{\"S\":\"a\"}}}\n".getBytes(StandardCharsets.UTF_8));
      ImportTableDescription plain = importTable(db, request("Imp", InputCompressionType.GZIP));
      assertEquals("UnreadableSourceObject", plain.failureCode());
      assertEquals("The object in/items.json in bucket in-bucket cannot be read as GZIP-compressed DYNAMODB_JSON: "
          + "Not in GZIP format", plain.failureMessage());
      // an empty object has no GZIP header at all: the JDK's EOFException carries no message
      write("in/items.json", new byte[0]);
      ImportTableDescription empty = importTable(db, request("Imp", InputCompressionType.GZIP));
      assertEquals("The object in/items.json in bucket in-bucket cannot be read as GZIP-compressed DYNAMODB_JSON: "
          + "the file ends too early (it is empty or cut short)", empty.failureMessage());
      write("in/items.json", "not zstd".getBytes(StandardCharsets.UTF_8));
      ImportTableDescription zstd = importTable(db, request("Imp", InputCompressionType.ZSTD));
      assertTrue(zstd.failureMessage().startsWith("The object in/items.json in bucket in-bucket cannot be read as "
          + "ZSTD-compressed DYNAMODB_JSON: "), zstd.failureMessage());
      // a GZIP object cut short, in each format: the same failure, with the JDK's reason
      java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
      try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
        for (int i = 0; i < 2000; i++) {
          out.write(("{\"Item\":{\"pk\":{\"S\":\"p" + i + "\"},\"g\":{\"S\":\"x\"}}}\n").getBytes(StandardCharsets.UTF_8));
        }
      }
      write("in/items.json", java.util.Arrays.copyOf(gz.toByteArray(), gz.size() / 2));
      List<ImportTableDescription> cut = new ArrayList<>();
      for (InputFormat format : List.of(InputFormat.DYNAMODB_JSON, InputFormat.ION, InputFormat.CSV)) {
        ImportTableDescription d = importTable(db, request("Imp", InputCompressionType.GZIP).toBuilder()
            .inputFormat(format).build());
        assertEquals("UnreadableSourceObject", d.failureCode(), format + ": " + d.failureMessage());
        assertTrue(d.failureMessage().endsWith("-compressed " + format + ": Unexpected end of ZLIB input stream"),
            d.failureMessage());
        cut.add(d);
      }
      for (ImportTableDescription d : List.of(plain, empty, zstd, cut.get(0), cut.get(1), cut.get(2))) {
        assertEquals(ImportStatus.FAILED, d.importStatus());
        assertFalse(d.failureMessage().contains("null"), d.failureMessage());
      }
      assertFalse(tables(db).contains("Imp"));
    }
  }
}
