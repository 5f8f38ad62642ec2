package io.partita.server.tables;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * The shapes CloudFormation, DescribeTable and NoSQL Workbench write under DynamoDB's own member names
 * (KeySchema, AttributeDefinitions, Projection, ProvisionedThroughput, Tags), read once for all of them.
 */
final class Shapes {
  private Shapes() {}

  static List<KeySchemaElement> keySchema(Fields f, String name) {
    List<KeySchemaElement> keys = f.objects(name, "a member of a KeySchema element (AttributeName, KeyType)", k -> {
      String attribute = k.requiredString("AttributeName");
      String type = k.requiredString("KeyType");
      return attribute == null || type == null ? null
          : KeySchemaElement.builder().attributeName(attribute).keyType(type).build();
    });
    if (!f.has(name)) {
      f.report().refuse(f.at(name), "is missing");
    }
    return keys;
  }

  static List<AttributeDefinition> attributeDefinitions(Fields f, String name) {
    return f.objects(name, "a member of an attribute definition (AttributeName, AttributeType)", d -> {
      String attribute = d.requiredString("AttributeName");
      String type = d.requiredString("AttributeType");
      return attribute == null || type == null ? null
          : AttributeDefinition.builder().attributeName(attribute).attributeType(type).build();
    });
  }

  static Projection projection(Fields index) {
    Fields p = index.object("Projection", "a member of Projection (ProjectionType, NonKeyAttributes)");
    if (p == null) {
      if (!index.has("Projection")) {
        index.report().refuse(index.at("Projection"), "is missing");
      }
      return null;
    }
    Projection.Builder b = Projection.builder().projectionType(p.string("ProjectionType"));
    List<String> nonKey = p.strings("NonKeyAttributes");
    if (!nonKey.isEmpty()) {
      b.nonKeyAttributes(nonKey);
    }
    p.done();
    return b.build();
  }

  static ProvisionedThroughput throughput(Fields f, String name) {
    Fields t = f.object(name, "a member of ProvisionedThroughput (ReadCapacityUnits, WriteCapacityUnits)");
    if (t == null) {
      return null;
    }
    Long read = t.number("ReadCapacityUnits");
    Long write = t.number("WriteCapacityUnits");
    t.done();
    return read == null || write == null ? null
        : ProvisionedThroughput.builder().readCapacityUnits(read).writeCapacityUnits(write).build();
  }

  /** Tags as [{Key, Value}]; a value Partita cannot evaluate leaves the tag out, with a notice naming it. */
  static List<Tag> tags(Fields f, String name) {
    List<Tag> tags = new ArrayList<>();
    f.objects(name, "a member of a tag (Key, Value)", t -> {
      String key = t.requiredString("Key");
      Object raw = t.raw("Value");
      String value = t.resolver().resolve(raw);
      if (key == null) {
        return null;
      }
      if (value == null && raw != null && Tree.isIntrinsic(raw)) {
        f.report().notice(t.path() + ".Value", "(tag " + key + ") is " + Tree.unevaluated(raw)
            + " Partita cannot evaluate: the tag is left out");
        return null;
      }
      tags.add(Tag.builder().key(key).value(value == null ? "" : value).build());
      return null;
    });
    return tags;
  }
}
