package io.partita.server.tables;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads table definitions from files, each in whichever format it is written in, told apart by its content:
 * a CloudFormation template (a {@code Resources} object: CloudFormation, SAM, CDK's synthesized output),
 * {@code terraform show -json} output ({@code format_version} with {@code values} or {@code planned_values}),
 * a NoSQL Workbench model ({@code DataModel}), or a DescribeTable output / CreateTable input.
 */
public final class TableFiles {
  private TableFiles() {}

  /** The tables and the notices of every file, or a {@link RefusedException} listing every refusal of every file. */
  public static Read read(List<Path> files, String region) {
    List<TableDefinition> tables = new ArrayList<>();
    List<String> notices = new ArrayList<>();
    List<String> refusals = new ArrayList<>();
    Map<String, String> names = new LinkedHashMap<>();
    for (Path file : files) {
      Report report = new Report(file.toString());
      List<TableDefinition> found = read(file, report, region);
      refusals.addAll(report.refusals());
      notices.addAll(report.notices());
      for (TableDefinition t : found) {
        String earlier = names.putIfAbsent(t.name(), t.source());
        if (earlier != null) {
          refusals.add(t.source() + " defines table " + t.name() + ", which " + earlier + " defines too");
        } else {
          tables.add(t);
        }
      }
    }
    if (!refusals.isEmpty()) {
      throw new RefusedException(refusals);
    }
    return new Read(tables, notices);
  }

  /** What the files define, and the lines to print about them (accepted-and-ignored properties, names by rule). */
  public record Read(List<TableDefinition> tables, List<String> notices) {}

  @SuppressWarnings("unchecked")
  private static List<TableDefinition> read(Path file, Report report, String region) {
    Object doc;
    try {
      if (file.getFileName() != null && file.getFileName().toString().endsWith(".tf")) {
        List<TableDefinition> tables = TerraformTables.readConfiguration(Hcl.parse(java.nio.file.Files.readString(file)),
            report);
        if (tables.isEmpty() && report.refusals().isEmpty()) {
          report.notice("", "defines no DynamoDB table");
        }
        return tables;
      }
      doc = Tree.read(file);
    } catch (NoSuchFileException e) {
      report.refuse("", "does not exist");
      return List.of();
    } catch (IOException e) {
      report.refuse("", "cannot be read: " + e.getMessage());
      return List.of();
    } catch (IllegalArgumentException e) {
      report.refuse("", e.getMessage());
      return List.of();
    }
    if (!(doc instanceof Map<?, ?> m)) {
      report.refuse("", "is not a format Partita reads tables from: it holds " + Fields.describe(doc) + ", not an object"
          + " (a CloudFormation or SAM template, terraform show -json output, a NoSQL Workbench model or a"
          + " DescribeTable output)");
      return List.of();
    }
    Map<String, Object> map = (Map<String, Object>) m;
    List<TableDefinition> tables;
    if (map.containsKey("Resources") || map.containsKey("AWSTemplateFormatVersion")) {
      tables = CloudFormationTables.read(map, report, region);
    } else if (TerraformTables.looksLike(map)) {
      tables = TerraformTables.read(map, report);
    } else if (WorkbenchTables.looksLike(map)) {
      tables = WorkbenchTables.read(map, report);
    } else if (DescribeTableTables.looksLike(map)) {
      tables = DescribeTableTables.read(map, report);
    } else {
      report.refuse("", "is not a format Partita reads tables from (a CloudFormation or SAM template with Resources,"
          + " terraform show -json output, a NoSQL Workbench model with DataModel, or DescribeTable output with"
          + " Table); its top-level members are " + map.keySet());
      return List.of();
    }
    if (tables.isEmpty() && report.refusals().isEmpty()) {
      report.notice("", "defines no DynamoDB table");
    }
    return tables;
  }
}
