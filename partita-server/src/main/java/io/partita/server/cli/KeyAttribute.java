package io.partita.server.cli;

import picocli.CommandLine;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
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
}
