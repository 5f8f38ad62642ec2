package io.partita.server.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** A key attribute given on the command line as {@code NAME:TYPE}, TYPE one of S, N, B ({@code pk:S}). */
record KeyAttribute(String name, ScalarAttributeType type) {
  static KeyAttribute parse(String text) {
    int colon = text.lastIndexOf(':');
    String type = colon < 0 ? "" : text.substring(colon + 1);
    if (colon <= 0 || !(type.equals("S") || type.equals("N") || type.equals("B"))) {
      throw new CommandLine.TypeConversionException("'" + text + "' is not NAME:TYPE with TYPE one of S, N, B (as pk:S)");
    }
    return new KeyAttribute(text.substring(0, colon), ScalarAttributeType.fromValue(type));
  }

  AttributeDefinition definition() {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  /** The key schema of a table keyed by {@code key} and {@code sort} (null: none). */
  static List<KeySchemaElement> keySchema(KeyAttribute key, KeyAttribute sort) {
    List<KeySchemaElement> keys = new ArrayList<>();
    keys.add(KeySchemaElement.builder().attributeName(key.name()).keyType(KeyType.HASH).build());
    if (sort != null) {
      keys.add(KeySchemaElement.builder().attributeName(sort.name()).keyType(KeyType.RANGE).build());
    }
    return keys;
  }

  /** The attribute definitions of {@link #keySchema}'s attributes. */
  static List<AttributeDefinition> definitions(KeyAttribute key, KeyAttribute sort) {
    return sort == null ? List.of(key.definition()) : List.of(key.definition(), sort.definition());
  }

  /** picocli's converter. */
  static final class Converter implements CommandLine.ITypeConverter<KeyAttribute> {
    @Override
    public KeyAttribute convert(String value) {
      return parse(value);
    }
  }
}
