package io.partita.engine.internal.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.partita.engine.ErrorCode;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CsvOptions;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeExportResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportFormat;
import software.amazon.awssdk.services.dynamodb.model.ExportStatus;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeRequest;
import software.amazon.awssdk.services.dynamodb.model.ExportTableToPointInTimeResponse;
import software.amazon.awssdk.services.dynamodb.model.ExportType;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ImportStatus;
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
import software.amazon.awssdk.services.dynamodb.model.ListImportsResponse;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableCreationParameters;

/**
 * ExportTableToPointInTime, ImportTable and their Describe and List operations, end to end through
 * the engine's dispatch. Facts followed: the export layout and manifest fields of the Developer
 * Guide's "DynamoDB table export output format"; ImportTable answering IN_PROGRESS and DescribeImport
 * then COMPLETED (captured from the service by nubo-db/dynamodb-conformance,
 * tests/tier2/export/exportImport.test.ts); bad records counted and skipped ("Import format quotas
 * and validation").
 */
class ExportImportTest {
  @TempDir Path s3;
  private Partita db;
  /** The database's clock, moved by hand: exports read the table as of an instant. */
  private final io.partita.engine.MovableClock clock = new io.partita.engine.MovableClock();

  @BeforeEach
  void open() {
    db = Partita.with().s3Root(s3).clock(clock).inMemory();
  }

  private void recovery(String table, boolean enabled) {
    db.execute(software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest.builder().tableName(table)
        .pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(enabled)).build());
  }

  @AfterEach
  void close() {
    db.close();
  }

  /** One item with every attribute type, N at 38 digits, nested L and M. */
  static Map<String, AttributeValue> everyType(String pk, String sk) {
    SdkBytes bytes = SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 0xff, 42});
    return Map.ofEntries(
        Map.entry("pk", AttributeValue.fromS(pk)),
        Map.entry("sk", AttributeValue.fromN(sk)),
        Map.entry("s", AttributeValue.fromS("héllo \"quoted\"\nline")),
        Map.entry("n", AttributeValue.fromN("12345678901234567890123456789012345678")),
        Map.entry("small", AttributeValue.fromN("-0.000000000000000000000000000000000000012345")),
        Map.entry("b", AttributeValue.fromB(bytes)),
        Map.entry("t", AttributeValue.fromBool(true)),
        Map.entry("f", AttributeValue.fromBool(false)),
        Map.entry("nul", AttributeValue.fromNul(true)),
        Map.entry("ss", AttributeValue.fromSs(List.of("a", "b"))),
        Map.entry("ns", AttributeValue.fromNs(List.of("1", "2.5", "99999999999999999999999999999999999999"))),
        Map.entry("bs", AttributeValue.fromBs(List.of(bytes, SdkBytes.fromUtf8String("x")))),
        Map.entry("l", AttributeValue.fromL(List.of(AttributeValue.fromS("x"), AttributeValue.fromN("1"),
            AttributeValue.fromL(List.of(AttributeValue.fromNul(true))), AttributeValue.fromM(Map.of("k", AttributeValue.fromBool(true)))))),
        Map.entry("m", AttributeValue.fromM(Map.of("deep", AttributeValue.fromM(Map.of("deeper",
            AttributeValue.fromSs(List.of("z")), "b", AttributeValue.fromB(bytes))), "e", AttributeValue.fromS("")))),
        Map.entry("g", AttributeValue.fromS("gsi-" + pk)));
  }

  private void createSource() {
    db.execute(CreateTableRequest.builder().tableName("Source")
        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("sk", ScalarAttributeType.N), def("g", ScalarAttributeType.S))
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .globalSecondaryIndexes(gsi())
        .billingMode(BillingMode.PAY_PER_REQUEST).build());
    recovery("Source", true); // DynamoDB exports only a table with point-in-time recovery on
    for (int i = 0; i < 60; i++) {
      db.execute(PutItemRequest.builder().tableName("Source").item(everyType("p" + (i % 7), String.valueOf(i))).build());
    }
  }

  private static GlobalSecondaryIndex gsi() {
    return GlobalSecondaryIndex.builder().indexName("byG").keySchema(key("g", KeyType.HASH))
        .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build();
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private TableCreationParameters target(String name) {
    return TableCreationParameters.builder().tableName(name)
        .attributeDefinitions(def("pk", ScalarAttributeType.S), def("sk", ScalarAttributeType.N), def("g", ScalarAttributeType.S))
        .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
        .globalSecondaryIndexes(gsi())
        .billingMode(BillingMode.PAY_PER_REQUEST).build();
  }

  private String tableArn(String table) {
    return db.<software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse>execute(
        DescribeTableRequest.builder().tableName(table).build()).table().tableArn();
  }

  private ExportDescription export(ExportFormat format) {
    ExportTableToPointInTimeResponse r = db.execute(ExportTableToPointInTimeRequest.builder()
        .tableArn(tableArn("Source")).s3Bucket("bucket").s3Prefix("exports").exportFormat(format).build());
    assertEquals(ExportStatus.IN_PROGRESS, r.exportDescription().exportStatus()); // the service's answer at acceptance
    DescribeExportResponse d = db.execute(DescribeExportRequest.builder().exportArn(r.exportDescription().exportArn()).build());
    return d.exportDescription();
  }

  private ImportTableDescription importTable(String table, String prefix, InputFormat format, InputCompressionType compression,
      InputFormatOptions options) {
    ImportTableResponse r = db.execute(ImportTableRequest.builder()
        .s3BucketSource(b -> b.s3Bucket("bucket").s3KeyPrefix(prefix))
        .inputFormat(format).inputCompressionType(compression).inputFormatOptions(options)
        .tableCreationParameters(target(table)).build());
    assertEquals(ImportStatus.IN_PROGRESS, r.importTableDescription().importStatus());
    return db.<software.amazon.awssdk.services.dynamodb.model.DescribeImportResponse>execute(
        DescribeImportRequest.builder().importArn(r.importTableDescription().importArn()).build()).importTableDescription();
  }

  private List<Map<String, AttributeValue>> scan(String table) {
    ScanResponse r = db.execute(ScanRequest.builder().tableName(table).build());
    List<Map<String, AttributeValue>> items = new ArrayList<>(r.items());
    items.sort(Comparator.comparing(i -> i.get("pk").s() + "/" + i.get("sk").n()));
    return items;
  }

  @Test
  void aDynamoDbJsonExportImportsBackToTheSameItems() throws IOException {
    createSource();
    ExportDescription e = export(ExportFormat.DYNAMODB_JSON);
    assertEquals(ExportStatus.COMPLETED, e.exportStatus());
    assertEquals(60, e.itemCount());
    String id = e.exportArn().substring(e.exportArn().lastIndexOf('/') + 1);
    assertTrue(id.matches("[0-9]{14}-[0-9a-f]{8}"), id);
    assertEquals(tableArn("Source") + "/export/" + id, e.exportArn());
    Path dir = s3.resolve("bucket/exports/AWSDynamoDB/" + id);
    assertEquals("exports/AWSDynamoDB/" + id + "/manifest-summary.json", e.exportManifest());
    for (String f : List.of("_started", "manifest-summary.json", "manifest-summary.checksum", "manifest-files.json",
        "manifest-files.checksum")) {
      assertTrue(Files.isRegularFile(dir.resolve(f)), f);
    }
    String summary = Files.readString(dir.resolve("manifest-summary.json"));
    for (String field : List.of("\"version\":\"2020-06-30\"", "\"exportArn\":\"" + e.exportArn() + "\"", "\"itemCount\":60",
        "\"outputFormat\":\"DYNAMODB_JSON\"", "\"s3Bucket\":\"bucket\"", "\"s3Prefix\":\"exports\"",
        "\"manifestFilesS3Key\":\"exports/AWSDynamoDB/" + id + "/manifest-files.json\"")) {
      assertTrue(summary.contains(field), field + " in " + summary);
    }
    String files = Files.readString(dir.resolve("manifest-files.json"));
    assertTrue(files.matches("\\{\"itemCount\":60,\"md5Checksum\":\"[A-Za-z0-9+/=]+\",\"etag\":\"[0-9a-f]{32}\","
        + "\"dataFileS3Key\":\"exports/AWSDynamoDB/" + id + "/data/[a-z0-9]{26}\\.json\\.gz\"}\n"), files);
    String dataKey = files.replaceAll(".*\"dataFileS3Key\":\"([^\"]+)\".*\n", "$1");
    String firstLine = gunzip(s3.resolve("bucket").resolve(dataKey)).lines().findFirst().orElseThrow();
    assertTrue(firstLine.startsWith("{\"Item\":{"), firstLine);

    ImportTableDescription i = importTable("Copy", "exports/AWSDynamoDB/" + id + "/data/", InputFormat.DYNAMODB_JSON,
        InputCompressionType.GZIP, null);
    assertEquals(ImportStatus.COMPLETED, i.importStatus(), i.failureMessage());
    assertEquals(60, i.importedItemCount());
    assertEquals(60, i.processedItemCount());
    assertEquals(0, i.errorCount());
    assertEquals(scan("Source"), scan("Copy"));
    // written through the one write path: the new table's index is filled too
    assertEquals(9, byIndex("Source"));
    assertEquals(9, byIndex("Copy"));
  }

  /** Issue 38: an export carries the vectors, and an import whose TableCreationParameters name a vector index fills it. */
  @Test
  void anImportWithAVectorIndexBuildsItFromTheImportedItems() {
    java.util.function.Consumer<software.amazon.awssdk.services.dynamodb.model.VectorIndex.Builder> index =
        v -> v.indexName("byMeaning").vectorAttribute(a -> a.attributeName("emb")).dimensions(2L)
            .distanceFunction("DOT_PRODUCT").projection(p -> p.projectionType(ProjectionType.KEYS_ONLY));
    db.execute(CreateTableRequest.builder().tableName("Source").billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(def("pk", ScalarAttributeType.S)).keySchema(key("pk", KeyType.HASH))
        .vectorIndexes(index).build());
    recovery("Source", true);
    for (int i = 0; i < 20; i++) {
      db.execute(PutItemRequest.builder().tableName("Source").item(Map.of("pk", AttributeValue.fromS("p" + i),
          "emb", AttributeValue.fromL(List.of(AttributeValue.fromN(Integer.toString(i)), AttributeValue.fromN("1"))))).build());
    }
    ExportDescription e = export(ExportFormat.DYNAMODB_JSON);
    String id = e.exportArn().substring(e.exportArn().lastIndexOf('/') + 1);
    ImportTableResponse r = db.execute(ImportTableRequest.builder()
        .s3BucketSource(b -> b.s3Bucket("bucket").s3KeyPrefix("exports/AWSDynamoDB/" + id + "/data/"))
        .inputFormat(InputFormat.DYNAMODB_JSON).inputCompressionType(InputCompressionType.GZIP)
        .tableCreationParameters(t -> t.tableName("Copy").billingMode(BillingMode.PAY_PER_REQUEST)
            .attributeDefinitions(def("pk", ScalarAttributeType.S)).keySchema(key("pk", KeyType.HASH))
            .vectorIndexes(software.amazon.awssdk.services.dynamodb.model.VectorIndex.builder().applyMutation(index)
                .build())).build());
    assertEquals(ImportStatus.IN_PROGRESS, r.importTableDescription().importStatus());
    software.amazon.awssdk.services.dynamodb.model.SearchVectorsResponse found = db.execute(
        software.amazon.awssdk.services.dynamodb.model.SearchVectorsRequest.builder().tableName("Copy")
            .indexName("byMeaning").topK(3).searchVector(AttributeValue.fromN("1"), AttributeValue.fromN("0")).build());
    assertEquals(List.of("p19", "p18", "p17"), found.searchResults().stream().map(x -> x.item().get("pk").s()).toList());
  }

  private int byIndex(String table) {
    return db.<software.amazon.awssdk.services.dynamodb.model.QueryResponse>execute(QueryRequest.builder()
        .tableName(table).indexName("byG").keyConditionExpression("g = :g")
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("gsi-p3"))).build()).count();
  }

  @Test
  void anIonExportImportsBackToTheSameItems() throws IOException {
    createSource();
    ExportDescription e = export(ExportFormat.ION);
    assertEquals(ExportStatus.COMPLETED, e.exportStatus());
    String id = e.exportArn().substring(e.exportArn().lastIndexOf('/') + 1);
    Path data;
    try (Stream<Path> files = Files.list(s3.resolve("bucket/exports/AWSDynamoDB/" + id + "/data"))) {
      data = files.findFirst().orElseThrow();
    }
    assertTrue(data.getFileName().toString().endsWith(".ion.gz"));
    String text = gunzip(data);
    assertTrue(text.startsWith("$ion_1_0\n{Item:{"), text.substring(0, 40));
    assertTrue(text.contains("$dynamodb_SS::[\"a\",\"b\"]"), "string sets are annotated lists");
    ImportTableDescription i = importTable("Copy", "exports/AWSDynamoDB/" + id + "/data/", InputFormat.ION,
        InputCompressionType.GZIP, null);
    assertEquals(ImportStatus.COMPLETED, i.importStatus(), i.failureMessage());
    assertEquals(60, i.importedItemCount());
    assertEquals(scan("Source"), scan("Copy"));
  }

  @Test
  void badRecordsAreCountedSkippedAndListedWithTheirLines() throws IOException {
    String big = "x".repeat(400 * 1024);
    write("in/items.json", String.join("\n",
        "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}",
        "{\"Item\":{\"pk\":{\"S\":\"b\"},",
        "{\"Item\":{\"sk\":{\"N\":\"2\"}}}",
        "{\"Item\":{\"pk\":{\"N\":\"3\"},\"sk\":{\"N\":\"3\"}}}",
        "{\"Item\":{\"pk\":{\"S\":\"c\"},\"sk\":{\"N\":\"4\"},\"big\":{\"S\":\"" + big + "\"}}}",
        "",
        "{\"Item\":{\"pk\":{\"S\":\"d\"},\"sk\":{\"N\":\"5\"}}}") + "\n");
    ImportTableDescription i = importTable("Tbl", "in/", InputFormat.DYNAMODB_JSON, InputCompressionType.NONE, null);
    assertEquals(ImportStatus.COMPLETED, i.importStatus());
    assertEquals(6, i.processedItemCount());
    assertEquals(4, i.errorCount());
    assertEquals(2, i.importedItemCount());
    assertEquals(2, scan("Tbl").size());
    Path log = db.importErrorLog(i.importArn());
    List<String> lines = Files.readAllLines(log);
    assertEquals(4, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).startsWith("in/items.json line 2: not JSON"), lines.get(0));
    assertTrue(lines.get(1).startsWith("in/items.json line 3: ") && lines.get(1).contains("Missing the key pk"), lines.get(1));
    assertTrue(lines.get(2).startsWith("in/items.json line 4: ") && lines.get(2).contains("Type mismatch"), lines.get(2));
    assertTrue(lines.get(3).startsWith("in/items.json line 5: Item size has exceeded"), lines.get(3));
  }

  /** Items sharing a key, in one batch of 25 and across batches: the last one stays, none is an error. */
  @Test
  void ofItemsSharingAKeyTheLastStays() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      // keys a (items 0, 2, ..., 58) and b (1, 3, ..., 59); items 25 and 50 open the next batches
      lines.add("{\"Item\":{\"pk\":{\"S\":\"" + (i % 2 == 0 ? "a" : "b") + "\"},\"sk\":{\"N\":\"1\"},"
          + "\"v\":{\"N\":\"" + i + "\"}}}");
    }
    lines.add("{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"},\"v\":{\"N\":\"100\"}}}");
    write("in/items.json", String.join("\n", lines) + "\n");
    ImportTableDescription i = importTable("Tbl", "in/", InputFormat.DYNAMODB_JSON, InputCompressionType.NONE, null);
    assertEquals(ImportStatus.COMPLETED, i.importStatus());
    assertEquals(61, i.processedItemCount());
    assertEquals(0, i.errorCount());
    assertEquals(2, i.importedItemCount());
    Map<String, String> v = new java.util.TreeMap<>();
    for (Map<String, AttributeValue> item : scan("Tbl")) {
      v.put(item.get("pk").s(), item.get("v").n());
    }
    assertEquals(Map.of("a", "100", "b", "59"), v);
  }

  @Test
  void aSourceThatCannotBeReadFailsTheImportAndLeavesNoTable() throws IOException {
    ImportTableDescription none = importTable("Tbl", "nothing/", InputFormat.DYNAMODB_JSON, InputCompressionType.NONE, null);
    assertEquals(ImportStatus.FAILED, none.importStatus());
    assertEquals("NoSourceObjects", none.failureCode());
    assertNoTable("Tbl");

    write("plain/items.json", "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n");
    ImportTableDescription notGzip = importTable("Tbl", "plain/", InputFormat.DYNAMODB_JSON, InputCompressionType.GZIP, null);
    assertEquals(ImportStatus.FAILED, notGzip.importStatus());
    assertEquals("UnreadableSourceObject", notGzip.failureCode());
    assertTrue(notGzip.failureMessage().contains("plain/items.json"), notGzip.failureMessage());
    assertNoTable("Tbl");
    ImportTableDescription notZstd = importTable("Tbl", "plain/", InputFormat.DYNAMODB_JSON, InputCompressionType.ZSTD, null);
    assertEquals(ImportStatus.FAILED, notZstd.importStatus());
    assertNoTable("Tbl");
  }

  private void assertNoTable(String name) {
    PartitaException e = assertThrows(PartitaException.class,
        () -> db.execute(DescribeTableRequest.builder().tableName(name).build()));
    assertEquals(ErrorCode.ResourceNotFoundException, e.code());
  }

  @Test
  void gzipAndZstdSourcesAreRead() throws IOException {
    byte[] lines = ("{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n"
        + "{\"Item\":{\"pk\":{\"S\":\"b\"},\"sk\":{\"N\":\"2\"}}}\n").getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(lines);
    }
    writeBytes("gz/a.json.gz", gz.toByteArray());
    writeBytes("zs/a.json.zst", com.github.luben.zstd.Zstd.compress(lines));
    ImportTableDescription g = importTable("Gzp", "gz/", InputFormat.DYNAMODB_JSON, InputCompressionType.GZIP, null);
    ImportTableDescription z = importTable("Zst", "zs/", InputFormat.DYNAMODB_JSON, InputCompressionType.ZSTD, null);
    assertEquals(2, g.importedItemCount());
    assertEquals(2, z.importedItemCount());
    assertEquals(lines.length, z.processedSizeBytes()); // the uncompressed size, as DynamoDB bills
  }

  @Test
  void csvTakesKeyTypesFromTheDefinitionsAndStringsForTheRest() throws IOException {
    write("csv/with-header.csv", "pk,sk,name,note\r\na,1,\"Smith, J\",\"say \"\"hi\"\"\"\r\nb,2,x,\nc,not-a-number,y,z\n");
    ImportTableDescription i = importTable("Csv", "csv/", InputFormat.CSV, InputCompressionType.NONE, null);
    assertEquals(ImportStatus.COMPLETED, i.importStatus());
    assertEquals(3, i.processedItemCount());
    assertEquals(1, i.errorCount()); // sk "not-a-number" is no number: line 4
    List<Map<String, AttributeValue>> items = scan("Csv");
    assertEquals(Map.of("pk", AttributeValue.fromS("a"), "sk", AttributeValue.fromN("1"),
        "name", AttributeValue.fromS("Smith, J"), "note", AttributeValue.fromS("say \"hi\"")), items.get(0));
    assertEquals(Map.of("pk", AttributeValue.fromS("b"), "sk", AttributeValue.fromN("2"),
        "name", AttributeValue.fromS("x")), items.get(1)); // an empty field is left out
    assertTrue(Files.readString(db.importErrorLog(i.importArn())).startsWith("csv/with-header.csv line 4: "));

    write("csv2/no-header.csv", "x|7|\"multi\nline\"\n");
    ImportTableDescription j = importTable("Dlm", "csv2/", InputFormat.CSV, InputCompressionType.NONE,
        InputFormatOptions.builder().csv(CsvOptions.builder().delimiter("|").headerList("pk", "sk", "v").build()).build());
    assertEquals(0, j.errorCount());
    assertEquals(List.of(Map.of("pk", AttributeValue.fromS("x"), "sk", AttributeValue.fromN("7"),
        "v", AttributeValue.fromS("multi\nline"))), scan("Dlm"));
  }

  @Test
  void theTableRulesAreCreateTablesAndTheNameMustBeFree() throws IOException {
    write("in/a.json", "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n");
    importTable("Taken", "in/", InputFormat.DYNAMODB_JSON, InputCompressionType.NONE, null);
    PartitaException taken = assertThrows(PartitaException.class, () -> importTable("Taken", "in/",
        InputFormat.DYNAMODB_JSON, InputCompressionType.NONE, null));
    assertEquals(ErrorCode.ResourceInUseException, taken.code());
    PartitaException undefined = assertThrows(PartitaException.class, () -> db.execute(ImportTableRequest.builder()
        .s3BucketSource(b -> b.s3Bucket("bucket")).inputFormat(InputFormat.DYNAMODB_JSON)
        .tableCreationParameters(t -> t.tableName("Bad").attributeDefinitions(def("pk", ScalarAttributeType.S))
            .keySchema(key("id", KeyType.HASH)).billingMode(BillingMode.PAY_PER_REQUEST)).build()));
    assertEquals(ErrorCode.ValidationException, undefined.code());
    assertNoTable("Bad");
  }

  @Test
  void aClientTokenMakesImportTableIdempotentAndConflictsWithOtherParameters() throws IOException {
    write("in/a.json", "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n");
    ImportTableRequest req = ImportTableRequest.builder().clientToken("tok")
        .s3BucketSource(b -> b.s3Bucket("bucket").s3KeyPrefix("in/")).inputFormat(InputFormat.DYNAMODB_JSON)
        .tableCreationParameters(target("Tbl")).build();
    ImportTableResponse first = db.execute(req);
    ImportTableResponse again = db.execute(req);
    assertEquals(first.importTableDescription().importArn(), again.importTableDescription().importArn());
    PartitaException conflict = assertThrows(PartitaException.class,
        () -> db.execute(req.toBuilder().inputFormat(InputFormat.ION).build()));
    assertEquals(ErrorCode.ImportConflictException, conflict.code());
  }

  @Test
  void listImportsPagesAndFiltersByTable() throws IOException {
    write("in/a.json", "{\"Item\":{\"pk\":{\"S\":\"a\"},\"sk\":{\"N\":\"1\"}}}\n");
    for (String t : List.of("Aaa", "Bbb", "Ccc")) {
      importTable(t, "in/", InputFormat.DYNAMODB_JSON, InputCompressionType.NONE, null);
    }
    List<String> arns = new ArrayList<>();
    String token = null;
    do {
      ListImportsResponse page = db.execute(ListImportsRequest.builder().pageSize(1).nextToken(token).build());
      page.importSummaryList().forEach(s -> arns.add(s.importArn()));
      token = page.nextToken();
      if (token != null) {
        assertTrue(token.matches("([0-9a-f]{16})+") && token.length() >= 112, token); // ListImports' declared NextToken
      }
    } while (token != null);
    assertEquals(3, arns.size());
    ListImportsResponse b = db.execute(ListImportsRequest.builder().tableArn(tableArn("Bbb")).build());
    assertEquals(1, b.importSummaryList().size());
    assertTrue(b.importSummaryList().get(0).importArn().startsWith(tableArn("Bbb") + "/import/"));
  }

  @Test
  void exportNeedsRecoveryAndAnInstantInsideItsWindow() {
    createSource();
    String arn = tableArn("Source");
    ExportTableToPointInTimeRequest base = ExportTableToPointInTimeRequest.builder().tableArn(arn).s3Bucket("bucket").build();
    Instant enabled = clock.instant();
    clock.advanceMillis(60_000);
    assertEquals(ErrorCode.InvalidExportTimeException, refusal(base.toBuilder()
        .exportTime(enabled.minusSeconds(1)).build()));
    assertEquals(ErrorCode.InvalidExportTimeException, refusal(base.toBuilder()
        .exportTime(Instant.ofEpochMilli(clock.millis() + 1000)).build()));
    assertEquals(ErrorCode.ValidationException, refusal(base.toBuilder()
        .exportType(ExportType.INCREMENTAL_EXPORT).build()));
    recovery("Source", false);
    assertEquals(ErrorCode.PointInTimeRecoveryUnavailableException, refusal(base));
    assertEquals(ErrorCode.TableNotFoundException, refusal(base.toBuilder()
        .tableArn(arn.replace("Source", "Missing")).build()));
    assertEquals(ErrorCode.ExportNotFoundException, refusal(DescribeExportRequest.builder().exportArn(arn + "/export/01234567890123-0123abcd").build()));
    assertEquals(ErrorCode.ImportNotFoundException, refusal(DescribeImportRequest.builder().importArn(arn + "/import/01234567890123-0123abcd").build()));
    // nothing was exported by the refused requests
    assertEquals(0, db.<software.amazon.awssdk.services.dynamodb.model.ListExportsResponse>execute(
        ListExportsRequest.builder().build()).exportSummaries().size());
  }

  private ErrorCode refusal(software.amazon.awssdk.awscore.AwsRequest request) {
    return assertThrows(PartitaException.class, () -> db.execute(request)).code();
  }

  /** An export at an instant is the table as it was then: changes since are undone, deletions put back. */
  @Test
  void anExportAtAPastInstantIsTheTableAsItWasThen() throws IOException {
    createSource();
    clock.advanceMillis(1000);
    List<Map<String, AttributeValue>> then = scan("Source");
    Instant at = clock.instant();
    clock.advanceMillis(1000);
    db.execute(PutItemRequest.builder().tableName("Source").item(everyType("new", "1")).build());
    db.execute(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder().tableName("Source")
        .key(Map.of("pk", AttributeValue.fromS("p0"), "sk", AttributeValue.fromN("0"))).build());
    db.execute(PutItemRequest.builder().tableName("Source").item(Map.of("pk", AttributeValue.fromS("p1"),
        "sk", AttributeValue.fromN("1"), "changed", AttributeValue.fromBool(true))).build());
    ExportTableToPointInTimeResponse r = db.execute(ExportTableToPointInTimeRequest.builder()
        .tableArn(tableArn("Source")).exportTime(at).s3Bucket("bucket").s3Prefix("past").build());
    ExportDescription e = db.<DescribeExportResponse>execute(DescribeExportRequest.builder()
        .exportArn(r.exportDescription().exportArn()).build()).exportDescription();
    assertEquals(at, e.exportTime());
    assertEquals(then.size(), e.itemCount().intValue());
    String dataPrefix = e.exportManifest().substring(0, e.exportManifest().lastIndexOf('/')) + "/data/";
    ImportTableDescription imported = importTable("AsThen", dataPrefix, InputFormat.DYNAMODB_JSON,
        InputCompressionType.GZIP, null);
    assertEquals(ImportStatus.COMPLETED, imported.importStatus());
    assertEquals(then, scan("AsThen"));
  }

  private static final long MINUTE = 60_000;

  private void put(String pk, String sk, String v) {
    db.execute(PutItemRequest.builder().tableName("Source").item(Map.of("pk", AttributeValue.fromS(pk),
        "sk", AttributeValue.fromN(sk), "v", AttributeValue.fromS(v))).build());
  }

  private void delete(String pk, String sk) {
    db.execute(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder().tableName("Source")
        .key(Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromN(sk))).build());
  }

  private static Map<String, AttributeValue> item(String pk, String sk, String v) {
    return Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromN(sk), "v", AttributeValue.fromS(v));
  }

  private static Map<String, AttributeValue> keys(String pk, String sk) {
    return Map.of("pk", AttributeValue.fromS(pk), "sk", AttributeValue.fromN(sk));
  }

  /** One line of an incremental export, parsed: null where an image is absent. */
  record Change(long micros, Map<String, AttributeValue> keys, Map<String, AttributeValue> oldImage,
      Map<String, AttributeValue> newImage) {}

  private static Change parseChange(String line) throws IOException {
    try (com.fasterxml.jackson.core.JsonParser p = DynamoJson.FACTORY.createParser(line)) {
      assertEquals(com.fasterxml.jackson.core.JsonToken.START_OBJECT, p.nextToken());
      long micros = -1;
      Map<String, AttributeValue> keys = null;
      Map<String, AttributeValue> oldImage = null;
      Map<String, AttributeValue> newImage = null;
      while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        switch (field) {
          case "Metadata" -> {
            Map<String, AttributeValue> m = DynamoJson.readItem(p); // {"WriteTimestampMicros":{"N":"..."}}
            assertEquals(List.of("WriteTimestampMicros"), List.copyOf(m.keySet()));
            micros = Long.parseLong(m.get("WriteTimestampMicros").n());
          }
          case "Keys" -> keys = DynamoJson.readItem(p);
          case "OldImage" -> oldImage = DynamoJson.readItem(p);
          case "NewImage" -> newImage = DynamoJson.readItem(p);
          default -> throw new AssertionError("unexpected member " + field + " in " + line);
        }
      }
      return new Change(micros, keys, oldImage, newImage);
    }
  }

  private ExportDescription incremental(Instant from, Instant to, software.amazon.awssdk.services.dynamodb.model.ExportViewType view,
      String prefix) {
    ExportTableToPointInTimeResponse r = db.execute(ExportTableToPointInTimeRequest.builder()
        .tableArn(tableArn("Source")).s3Bucket("bucket").s3Prefix(prefix).exportType(ExportType.INCREMENTAL_EXPORT)
        .incrementalExportSpecification(s -> s.exportFromTime(from).exportToTime(to).exportViewType(view)).build());
    return db.<DescribeExportResponse>execute(DescribeExportRequest.builder()
        .exportArn(r.exportDescription().exportArn()).build()).exportDescription();
  }

  private java.util.Set<Change> changesIn(String prefix) throws IOException {
    java.util.Set<Change> changes = new java.util.HashSet<>();
    int lines = 0;
    try (Stream<Path> files = Files.list(s3.resolve("bucket").resolve(prefix).resolve("AWSDynamoDB").resolve("data"))) {
      for (Path f : files.toList()) {
        for (String line : gunzip(f).split("\n")) {
          if (!line.isEmpty()) {
            changes.add(parseChange(line));
            lines++;
          }
        }
      }
    }
    assertEquals(lines, changes.size());
    return changes;
  }

  /**
   * An incremental export holds one line per item changed in [from, to): its image at from (the first
   * change's before-image), its image just before to (changes after to undone), its last write's time;
   * an item created and deleted inside the window is not there, nor changes before or after it.
   */
  @Test
  void anIncrementalExportHasTheItemsChangedInItsWindowWithTheirImagesAtItsEnds() throws IOException {
    long t0 = clock.millis();
    createSource();
    long from = t0 + 60 * MINUTE;
    long to = from + 60 * MINUTE;
    clock.setMillis(t0 + 30 * MINUTE);
    put("p1", "1", "before"); // before the window: the old image of p1/1's change inside it
    clock.setMillis(from);
    put("new", "1", "a"); // at the window's start, which is inclusive
    clock.setMillis(from + MINUTE);
    put("p2", "2", "u1");
    clock.setMillis(from + 2 * MINUTE);
    put("p2", "2", "u2"); // changed twice: old image is the one before the first change
    clock.setMillis(from + 3 * MINUTE);
    delete("p3", "3");
    clock.setMillis(from + 4 * MINUTE);
    put("tmp", "1", "x");
    clock.setMillis(from + 5 * MINUTE);
    delete("tmp", "1"); // created and deleted inside the window: no line
    clock.setMillis(from + 6 * MINUTE);
    put("p1", "1", "in");
    clock.setMillis(to - 1);
    put("p4", "4", "last"); // just before the exclusive end
    clock.setMillis(to);
    put("p5", "5", "after"); // at the end: outside
    clock.setMillis(to + MINUTE);
    put("p2", "2", "u3"); // after the window: the new image stays u2
    clock.setMillis(to + 2 * MINUTE);
    delete("new", "1"); // after the window: the new image stays a
    clock.setMillis(to + 10 * MINUTE);

    java.util.Set<Change> newAndOld = java.util.Set.of(
        new Change(from * 1000, keys("new", "1"), null, item("new", "1", "a")),
        new Change((from + 2 * MINUTE) * 1000, keys("p2", "2"), everyType("p2", "2"), item("p2", "2", "u2")),
        new Change((from + 3 * MINUTE) * 1000, keys("p3", "3"), everyType("p3", "3"), null),
        new Change((from + 6 * MINUTE) * 1000, keys("p1", "1"), item("p1", "1", "before"), item("p1", "1", "in")),
        new Change((to - 1) * 1000, keys("p4", "4"), everyType("p4", "4"), item("p4", "4", "last")));
    ExportDescription both = incremental(Instant.ofEpochMilli(from), Instant.ofEpochMilli(to),
        software.amazon.awssdk.services.dynamodb.model.ExportViewType.NEW_AND_OLD_IMAGES, "both");
    assertEquals(ExportStatus.COMPLETED, both.exportStatus(), both.failureMessage());
    assertEquals(newAndOld, changesIn("both"));
    assertEquals(ExportType.INCREMENTAL_EXPORT, both.exportType());
    assertEquals(Instant.ofEpochMilli(from), both.incrementalExportSpecification().exportFromTime());
    assertEquals(Instant.ofEpochMilli(to), both.incrementalExportSpecification().exportToTime());
    assertEquals(software.amazon.awssdk.services.dynamodb.model.ExportViewType.NEW_AND_OLD_IMAGES,
        both.incrementalExportSpecification().exportViewType());
    assertEquals(5, both.itemCount());
    assertNull(both.exportTime());

    java.util.Set<Change> newOnly = new java.util.HashSet<>();
    for (Change c : newAndOld) {
      newOnly.add(new Change(c.micros(), c.keys(), null, c.newImage()));
    }
    ExportDescription latest = incremental(Instant.ofEpochMilli(from), Instant.ofEpochMilli(to),
        software.amazon.awssdk.services.dynamodb.model.ExportViewType.NEW_IMAGE, "latest");
    assertEquals(newOnly, changesIn("latest"));
    String summary = Files.readString(s3.resolve("bucket").resolve(latest.exportManifest()));
    assertTrue(summary.contains("\"exportType\":\"INCREMENTAL_EXPORT\""), summary);
    assertTrue(summary.contains("\"outputView\":\"NEW_IMAGE\""), summary);
    assertTrue(summary.contains("\"exportFromTime\":\"" + Instant.ofEpochMilli(from) + "\""), summary);
    assertTrue(summary.contains("\"exportToTime\":\"" + Instant.ofEpochMilli(to) + "\""), summary);
    assertTrue(!summary.contains("\"exportTime\""), summary);
    assertTrue(summary.contains("\"itemCount\":5"), summary);
  }

  @Test
  void anIncrementalExportNeedsAWindowOf15MinutesTo24HoursInsideRecovery() {
    long t0 = clock.millis();
    createSource();
    clock.setMillis(t0 + 48 * 60 * MINUTE);
    long now = clock.millis();
    ExportTableToPointInTimeRequest base = ExportTableToPointInTimeRequest.builder().tableArn(tableArn("Source"))
        .s3Bucket("bucket").exportType(ExportType.INCREMENTAL_EXPORT).build();
    java.util.function.BiFunction<Long, Long, ExportTableToPointInTimeRequest> window = (f, t) -> base.toBuilder()
        .incrementalExportSpecification(s -> s.exportFromTime(Instant.ofEpochMilli(f))
            .exportToTime(t == null ? null : Instant.ofEpochMilli(t))).build();
    assertEquals(ErrorCode.ValidationException, refusal(window.apply(now - 15 * MINUTE + 1, now))); // too short
    assertEquals(ErrorCode.ValidationException, refusal(window.apply(now - 24 * 60 * MINUTE - 1, now))); // too long
    assertEquals(ErrorCode.ValidationException, refusal(window.apply(now - 10 * MINUTE, null))); // to defaults to now
    assertEquals(ErrorCode.InvalidExportTimeException, refusal(window.apply(t0 - MINUTE, t0 + 59 * MINUTE))); // before recovery
    assertEquals(ErrorCode.InvalidExportTimeException, refusal(window.apply(now - 30 * MINUTE, now + MINUTE))); // future
    assertEquals(ErrorCode.ValidationException, refusal(base)); // no window
    assertEquals(ErrorCode.ValidationException, refusal(window.apply(now - 60 * MINUTE, now).toBuilder()
        .exportTime(Instant.ofEpochMilli(now)).build())); // ExportTime is a full export's
    assertEquals(ErrorCode.ValidationException, refusal(window.apply(now - 60 * MINUTE, now).toBuilder()
        .exportFormat(ExportFormat.ION).build())); // ION incremental: refused by name
    assertEquals(0, db.<software.amazon.awssdk.services.dynamodb.model.ListExportsResponse>execute(
        ListExportsRequest.builder().build()).exportSummaries().size());
    // exactly 15 minutes and exactly 24 hours are accepted; ExportToTime absent is now
    String shortest = db.<ExportTableToPointInTimeResponse>execute(window.apply(now - 15 * MINUTE, now))
        .exportDescription().exportArn();
    assertEquals(ExportStatus.COMPLETED, db.<DescribeExportResponse>execute(DescribeExportRequest.builder()
        .exportArn(shortest).build()).exportDescription().exportStatus());
    ExportDescription day = db.<ExportTableToPointInTimeResponse>execute(window.apply(now - 24 * 60 * MINUTE, null))
        .exportDescription();
    assertEquals(Instant.ofEpochMilli(now), day.incrementalExportSpecification().exportToTime());
  }

  @Test
  void anExportReadsOneSnapshotAndListsByTable() {
    createSource();
    ExportDescription e = export(ExportFormat.DYNAMODB_JSON);
    assertNotNull(e.exportTime());
    assertNotNull(e.endTime());
    assertEquals(1, db.<software.amazon.awssdk.services.dynamodb.model.ListExportsResponse>execute(
        ListExportsRequest.builder().tableArn(tableArn("Source")).build()).exportSummaries().size());
    assertNull(db.<software.amazon.awssdk.services.dynamodb.model.ListExportsResponse>execute(
        ListExportsRequest.builder().build()).nextToken());
  }

  private void write(String key, String content) throws IOException {
    writeBytes(key, content.getBytes(StandardCharsets.UTF_8));
  }

  private void writeBytes(String key, byte[] content) throws IOException {
    Path f = s3.resolve("bucket").resolve(key);
    Files.createDirectories(f.getParent());
    Files.write(f, content);
  }

  private static String gunzip(Path file) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
