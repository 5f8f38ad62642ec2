package io.partita.model.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElement;
import software.amazon.awssdk.services.dynamodb.model.VectorIndex;

/**
 * A table definition as infrastructure code: a CloudFormation template (JSON), a Terraform {@code
 * aws_dynamodb_table} block and a NoSQL Workbench data model, all made from the same CreateTable request {@code
 * createTable()} sends, so they cannot disagree with it. Vector indexes: CloudFormation's VectorIndexes carries them;
 * Terraform has no place for them, so its export refuses a table that has them.
 */
public final class TableExport {
  private TableExport() {}

  public static String cloudFormation(CreateTableRequest r, TableFeatures features, String logicalId) {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("TableName", r.tableName());
    List<Object> definitions = new ArrayList<>();
    for (AttributeDefinition d : r.attributeDefinitions()) {
      definitions.add(map("AttributeName", d.attributeName(), "AttributeType", d.attributeTypeAsString()));
    }
    props.put("AttributeDefinitions", definitions);
    props.put("KeySchema", keySchema(r.keySchema()));
    props.put("BillingMode", r.billingModeAsString());
    if (r.provisionedThroughput() != null) {
      props.put("ProvisionedThroughput", units(r.provisionedThroughput()));
    }
    if (r.hasGlobalSecondaryIndexes()) {
      List<Object> gsis = new ArrayList<>();
      for (GlobalSecondaryIndex g : r.globalSecondaryIndexes()) {
        Map<String, Object> m = map("IndexName", g.indexName(), "KeySchema", keySchema(g.keySchema()),
            "Projection", projection(g.projection()));
        if (g.provisionedThroughput() != null) {
          m.put("ProvisionedThroughput", units(g.provisionedThroughput()));
        }
        gsis.add(m);
      }
      props.put("GlobalSecondaryIndexes", gsis);
    }
    if (r.hasLocalSecondaryIndexes()) {
      List<Object> lsis = new ArrayList<>();
      for (LocalSecondaryIndex l : r.localSecondaryIndexes()) {
        lsis.add(map("IndexName", l.indexName(), "KeySchema", keySchema(l.keySchema()),
            "Projection", projection(l.projection())));
      }
      props.put("LocalSecondaryIndexes", lsis);
    }
    if (r.hasVectorIndexes()) {
      props.put("VectorIndexes", vectorIndexes(r.vectorIndexes()));
    }
    features.cloudFormation(props);
    Map<String, Object> resource = map("Type", "AWS::DynamoDB::Table", "Properties", props);
    Map<String, Object> template = map("AWSTemplateFormatVersion", "2010-09-09",
        "Resources", map(logicalId, resource));
    StringBuilder out = new StringBuilder();
    json(template, out, "");
    return out.append('\n').toString();
  }

  /** AWS::DynamoDB::Table's VectorIndexes: the API's VectorIndex members under the same names. */
  private static List<Object> vectorIndexes(List<VectorIndex> indexes) {
    List<Object> out = new ArrayList<>();
    for (VectorIndex v : indexes) {
      Map<String, Object> m = map("IndexName", v.indexName(), "VectorAttribute", map("AttributeName",
          v.vectorAttribute().attributeName()), "Dimensions", v.dimensions(), "DistanceFunction",
          v.distanceFunctionAsString());
      if (v.hasSearchSchema()) {
        List<Object> schema = new ArrayList<>();
        for (SearchSchemaElement e : v.searchSchema()) {
          schema.add(map("AttributeName", e.attributeName(), "SearchSchemaElementType",
              e.searchSchemaElementTypeAsString()));
        }
        m.put("SearchSchema", schema);
      }
      m.put("Projection", projection(v.projection()));
      out.add(m);
    }
    return out;
  }

  /**
   * {@code indexKeys} is each index's partition and sort attributes, by index name: a plain description rather than
   * the TableSchema, which calls this (so the two do not depend on each other).
   */
  public static String terraform(Map<String, List<List<String>>> indexKeys, CreateTableRequest r,
      TableFeatures features, String resourceName) {
    refuseMultiAttribute(indexKeys, "Terraform");
    if (r.hasVectorIndexes()) {
      // refused rather than left out: a table applied without its vector indexes would fail every search
      throw new io.partita.model.ModelException("Table " + r.tableName() + " has vector indexes " + r.vectorIndexes()
          .stream().map(VectorIndex::indexName).toList() + ", and Terraform's aws_dynamodb_table has no place for"
          + " them (the AWS provider has no vector index argument or resource yet); use toCloudFormation()");
    }
    StringBuilder out = new StringBuilder();
    out.append("resource \"aws_dynamodb_table\" ").append(hcl(resourceName)).append(" {\n");
    out.append("  name         = ").append(hcl(r.tableName())).append('\n');
    out.append("  billing_mode = ").append(hcl(r.billingModeAsString())).append('\n');
    if (r.provisionedThroughput() != null) {
      out.append("  read_capacity  = ").append(r.provisionedThroughput().readCapacityUnits()).append('\n');
      out.append("  write_capacity = ").append(r.provisionedThroughput().writeCapacityUnits()).append('\n');
    }
    out.append("  hash_key     = ").append(hcl(key(r.keySchema(), KeyType.HASH))).append('\n');
    if (key(r.keySchema(), KeyType.RANGE) != null) {
      out.append("  range_key    = ").append(hcl(key(r.keySchema(), KeyType.RANGE))).append('\n');
    }
    for (AttributeDefinition d : r.attributeDefinitions()) {
      out.append("\n  attribute {\n    name = ").append(hcl(d.attributeName())).append("\n    type = ")
          .append(hcl(d.attributeTypeAsString())).append("\n  }\n");
    }
    if (r.hasGlobalSecondaryIndexes()) {
      for (GlobalSecondaryIndex g : r.globalSecondaryIndexes()) {
        out.append("\n  global_secondary_index {\n    name            = ").append(hcl(g.indexName())).append('\n');
        out.append("    hash_key        = ").append(hcl(key(g.keySchema(), KeyType.HASH))).append('\n');
        if (key(g.keySchema(), KeyType.RANGE) != null) {
          out.append("    range_key       = ").append(hcl(key(g.keySchema(), KeyType.RANGE))).append('\n');
        }
        projectionHcl(g.projection(), out);
        if (g.provisionedThroughput() != null) {
          out.append("    read_capacity   = ").append(g.provisionedThroughput().readCapacityUnits()).append('\n');
          out.append("    write_capacity  = ").append(g.provisionedThroughput().writeCapacityUnits()).append('\n');
        }
        out.append("  }\n");
      }
    }
    if (r.hasLocalSecondaryIndexes()) {
      for (LocalSecondaryIndex l : r.localSecondaryIndexes()) {
        out.append("\n  local_secondary_index {\n    name            = ").append(hcl(l.indexName())).append('\n');
        out.append("    range_key       = ").append(hcl(key(l.keySchema(), KeyType.RANGE))).append('\n');
        projectionHcl(l.projection(), out);
        out.append("  }\n");
      }
    }
    features.terraform(out, TableExport::hcl);
    return out.append("}\n").toString();
  }

  /**
   * Terraform's and NoSQL Workbench's index blocks hold one hash and one range attribute: an index with a
   * multi-attribute key is refused rather than exported wrong (the CloudFormation export carries it whole).
   */
  static void refuseMultiAttribute(Map<String, List<List<String>>> indexKeys, String format) {
    indexKeys.forEach((name, keys) -> {
      List<String> partition = keys.get(0);
      List<String> sort = keys.get(1);
      if (partition.size() > 1 || sort.size() > 1) {
        throw new io.partita.model.ModelException("Index " + name + " has a multi-attribute key (partition "
            + partition + ", sort " + sort + "), which " + format + " export does not write yet;"
            + " use toCloudFormation()");
      }
    });
  }

  private static void projectionHcl(Projection p, StringBuilder out) {
    out.append("    projection_type = ").append(hcl(p.projectionTypeAsString())).append('\n');
    if (p.hasNonKeyAttributes()) {
      out.append("    non_key_attributes = [");
      for (int i = 0; i < p.nonKeyAttributes().size(); i++) {
        out.append(i == 0 ? "" : ", ").append(hcl(p.nonKeyAttributes().get(i)));
      }
      out.append("]\n");
    }
  }

  static String key(List<KeySchemaElement> keys, KeyType type) {
    for (KeySchemaElement k : keys) {
      if (k.keyType() == type) {
        return k.attributeName();
      }
    }
    return null;
  }

  private static List<Object> keySchema(List<KeySchemaElement> keys) {
    List<Object> out = new ArrayList<>();
    for (KeySchemaElement k : keys) {
      out.add(map("AttributeName", k.attributeName(), "KeyType", k.keyTypeAsString()));
    }
    return out;
  }

  static Map<String, Object> projection(Projection p) {
    Map<String, Object> m = map("ProjectionType", p.projectionTypeAsString());
    if (p.hasNonKeyAttributes()) {
      m.put("NonKeyAttributes", new ArrayList<Object>(p.nonKeyAttributes()));
    }
    return m;
  }

  static Map<String, Object> units(ProvisionedThroughput t) {
    return map("ReadCapacityUnits", t.readCapacityUnits(), "WriteCapacityUnits", t.writeCapacityUnits());
  }

  static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** Pretty JSON of maps, lists, strings, numbers and booleans, two spaces per level. */
  static void json(Object v, StringBuilder out, String indent) {
    if (v instanceof Map<?, ?> m) {
      out.append("{");
      String inner = indent + "  ";
      boolean first = true;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        out.append(first ? "\n" : ",\n").append(inner);
        first = false;
        string(e.getKey().toString(), out);
        out.append(": ");
        json(e.getValue(), out, inner);
      }
      out.append('\n').append(indent).append('}');
    } else if (v instanceof List<?> l) {
      out.append("[");
      String inner = indent + "  ";
      for (int i = 0; i < l.size(); i++) {
        out.append(i == 0 ? "\n" : ",\n").append(inner);
        json(l.get(i), out, inner);
      }
      out.append('\n').append(indent).append(']');
    } else if (v instanceof String s) {
      string(s, out);
    } else {
      out.append(v); // Long, Boolean
    }
  }

  private static void string(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }

  /** An HCL string literal: JSON's escapes, plus {@code ${} and {@code %{} which HCL would interpolate. */
  private static String hcl(String s) {
    StringBuilder out = new StringBuilder();
    string(s.replace("${", "$${").replace("%{", "%%{"), out);
    return out.toString();
  }
}
