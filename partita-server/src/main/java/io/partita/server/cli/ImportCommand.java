package io.partita.server.cli;

import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
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
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CsvOptions;
import software.amazon.awssdk.services.dynamodb.model.DescribeImportRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportStatus;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ImportTableResponse;
import software.amazon.awssdk.services.dynamodb.model.InputCompressionType;
import software.amazon.awssdk.services.dynamodb.model.InputFormat;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/** {@code partita import}: ImportTable into a new table of a data folder, on the embedded engine. */
@Command(name = "import", mixinStandardHelpOptions = true,
    description = "Imports the files under S3ROOT/BUCKET/PREFIX (DynamoDB JSON, Ion or CSV; gzip, zstd or none) into"
        + " a new on-demand table of a data folder, as ImportTable does; bad records are skipped and listed.")
public final class ImportCommand implements Callable<Integer> {
  private static final int SHOWN_ERRORS = 10;

  @Spec CommandSpec spec;

  @Mixin DataFolder folder;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The new table's name.")
  String table;

  @Option(names = "--key", required = true, paramLabel = "NAME:TYPE", converter = KeyConverter.class,
      description = "The partition key, as pk:S (types S, N, B).")
  KeyAttribute key;

  @Option(names = "--sort", paramLabel = "NAME:TYPE", converter = KeyConverter.class,
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

  /** picocli's converter for {@link KeyAttribute}. */
  static final class KeyConverter implements picocli.CommandLine.ITypeConverter<KeyAttribute> {
    @Override
    public KeyAttribute convert(String value) {
      return KeyAttribute.parse(value);
    }
  }

  @Override
  public Integer call() throws IOException {
    ProgressBar bar = ProgressBar.onStderr(spec.commandLine().getErr());
    try (Partita db = folder.open(bar)) {
      ImportTableResponse started = db.execute(request());
      ImportTableDescription d = db.<software.amazon.awssdk.services.dynamodb.model.DescribeImportResponse>execute(
          DescribeImportRequest.builder().importArn(started.importTableDescription().importArn()).build())
          .importTableDescription();
      bar.finish();
      if (d.importStatus() != ImportStatus.COMPLETED) {
        spec.commandLine().getErr().println("partita import: " + d.failureCode() + ": " + d.failureMessage()
            + " (no table was left)");
        return 1;
      }
      spec.commandLine().getOut().println("Imported " + d.importedItemCount() + " items into " + table + " ("
          + d.processedItemCount() + " records read, " + d.errorCount() + " errors)");
      Path log = db.importErrorLog(d.importArn());
      if (log != null) {
        List<String> shown = new ArrayList<>();
        try (Stream<String> lines = Files.lines(log)) {
          lines.limit(SHOWN_ERRORS).forEach(shown::add);
        }
        shown.forEach(l -> spec.commandLine().getErr().println("  " + l));
        spec.commandLine().getErr().println("Every bad record is listed in " + log);
      }
      return 0;
    } catch (PartitaException e) {
      bar.finish();
      spec.commandLine().getErr().println("partita import: " + e.code() + ": " + e.getMessage());
      return 1;
    }
  }

  private ImportTableRequest request() {
    List<KeySchemaElement> keys = new ArrayList<>();
    keys.add(KeySchemaElement.builder().attributeName(key.name()).keyType(KeyType.HASH).build());
    List<software.amazon.awssdk.services.dynamodb.model.AttributeDefinition> defs = new ArrayList<>();
    defs.add(key.definition());
    if (sort != null) {
      keys.add(KeySchemaElement.builder().attributeName(sort.name()).keyType(KeyType.RANGE).build());
      defs.add(sort.definition());
    }
    ImportTableRequest.Builder b = ImportTableRequest.builder()
        .s3BucketSource(s -> s.s3Bucket(bucket).s3KeyPrefix(prefix))
        .inputFormat(format).inputCompressionType(compression)
        .tableCreationParameters(t -> t.tableName(table).attributeDefinitions(defs).keySchema(keys)
            .billingMode(BillingMode.PAY_PER_REQUEST));
    if (delimiter != null || header != null) {
      b.inputFormatOptions(o -> o.csv(CsvOptions.builder().delimiter(delimiter).headerList(header).build()));
    }
    return b.build();
  }
}
