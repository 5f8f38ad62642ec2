package io.partita.engine.internal.transfer;

import com.amazon.ion.IonReader;
import com.amazon.ion.IonType;
import com.amazon.ion.IonWriter;
import com.amazon.ion.system.IonReaderBuilder;
import com.amazon.ion.system.IonTextWriterBuilder;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items in Amazon Ion text, as DynamoDB's ION export writes them and its import reads them
 * (Developer Guide, "DynamoDB table export output format", Amazon Ion): each item is a struct
 * {@code {Item:{...}}}; S is an Ion string, N a decimal, B a blob, BOOL a bool, NULL a null, L a list,
 * M a struct, and the sets are lists annotated {@code $dynamodb_SS}, {@code $dynamodb_NS} (of
 * decimals) and {@code $dynamodb_BS} (of blobs).
 */
final class IonItems {
  static final String SS = "$dynamodb_SS";
  static final String NS = "$dynamodb_NS";
  static final String BS = "$dynamodb_BS";

  private IonItems() {}

  /** The text of one item, {@code {Item:{...}}}, on one line (a data file starts with {@code $ion_1_0}). */
  static String itemLine(Map<String, AttributeValue> item) {
    StringWriter out = new StringWriter();
    try (IonWriter w = IonTextWriterBuilder.standard().build(out)) {
      w.stepIn(IonType.STRUCT);
      w.setFieldName("Item");
      writeMap(w, item);
      w.stepOut();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void writeMap(IonWriter w, Map<String, AttributeValue> m) throws IOException {
    w.stepIn(IonType.STRUCT);
    for (Map.Entry<String, AttributeValue> e : m.entrySet()) {
      w.setFieldName(e.getKey());
      write(w, e.getValue());
    }
    w.stepOut();
  }

  private static void write(IonWriter w, AttributeValue v) throws IOException {
    switch (v.type()) {
      case S -> w.writeString(v.s());
      case N -> w.writeDecimal(new BigDecimal(v.n()));
      case B -> w.writeBlob(v.b().asByteArrayUnsafe());
      case BOOL -> w.writeBool(v.bool());
      case NUL -> w.writeNull();
      case SS -> {
        w.setTypeAnnotations(SS);
        w.stepIn(IonType.LIST);
        for (String s : v.ss()) {
          w.writeString(s);
        }
        w.stepOut();
      }
      case NS -> {
        w.setTypeAnnotations(NS);
        w.stepIn(IonType.LIST);
        for (String n : v.ns()) {
          w.writeDecimal(new BigDecimal(n));
        }
        w.stepOut();
      }
      case BS -> {
        w.setTypeAnnotations(BS);
        w.stepIn(IonType.LIST);
        for (SdkBytes b : v.bs()) {
          w.writeBlob(b.asByteArrayUnsafe());
        }
        w.stepOut();
      }
      case L -> {
        w.stepIn(IonType.LIST);
        for (AttributeValue e : v.l()) {
          write(w, e);
        }
        w.stepOut();
      }
      case M -> writeMap(w, v.m());
      default -> throw new IllegalArgumentException("an attribute value of no known type: " + v);
    }
  }

  /** Reads the top-level values of an Ion text, one {@code {Item:{...}}} each. */
  static final class ItemReader implements AutoCloseable {
    private final IonReader reader;

    ItemReader(Reader text) {
      this.reader = IonReaderBuilder.standard().build(text);
    }

    /**
     * The next item, or null at the end.
     *
     * @throws IllegalArgumentException for a value that is not an item (the reader moves past it)
     * @throws com.amazon.ion.IonException for text that is not Ion (the rest cannot be read)
     */
    Map<String, AttributeValue> next() {
      IonType t = reader.next();
      if (t == null) {
        return null;
      }
      if (t != IonType.STRUCT || reader.isNullValue()) {
        throw new IllegalArgumentException("expected a struct {Item:{...}}, found " + t);
      }
      reader.stepIn();
      Map<String, AttributeValue> item = null;
      try {
        IonType f;
        while ((f = reader.next()) != null) {
          String name = reader.getFieldName();
          if (!"Item".equals(name) || item != null || f != IonType.STRUCT) {
            throw new IllegalArgumentException("unexpected field '" + name + "': a value holds {Item:{...}} only");
          }
          item = readMap();
        }
      } finally {
        reader.stepOut();
      }
      if (item == null) {
        throw new IllegalArgumentException("the value has no Item");
      }
      return item;
    }

    private Map<String, AttributeValue> readMap() {
      Map<String, AttributeValue> m = new LinkedHashMap<>();
      reader.stepIn();
      while (reader.next() != null) {
        String name = reader.getFieldName();
        m.put(name, read(name));
      }
      reader.stepOut();
      return m;
    }

    private AttributeValue read(String name) {
      IonType t = reader.getType();
      List<String> annotations = Arrays.asList(reader.getTypeAnnotations());
      if (reader.isNullValue()) {
        return AttributeValue.fromNul(true);
      }
      return switch (t) {
        case STRING, SYMBOL -> AttributeValue.fromS(reader.stringValue());
        case INT, DECIMAL -> AttributeValue.fromN(number());
        case BLOB, CLOB -> AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(reader.newBytes()));
        case BOOL -> AttributeValue.fromBool(reader.booleanValue());
        case STRUCT -> AttributeValue.fromM(readMap());
        case LIST -> list(name, annotations);
        default -> throw new IllegalArgumentException("attribute '" + name + "' has an Ion type DynamoDB does not import: " + t);
      };
    }

    private AttributeValue list(String name, List<String> annotations) {
      List<AttributeValue> values = new ArrayList<>();
      reader.stepIn();
      while (reader.next() != null) {
        values.add(read(name));
      }
      reader.stepOut();
      if (annotations.contains(SS)) {
        return AttributeValue.fromSs(values.stream().map(v -> member(v.s(), name, SS)).toList());
      }
      if (annotations.contains(NS)) {
        return AttributeValue.fromNs(values.stream().map(v -> member(v.n(), name, NS)).toList());
      }
      if (annotations.contains(BS)) {
        return AttributeValue.fromBs(values.stream().map(v -> member(v.b(), name, BS)).toList());
      }
      return AttributeValue.fromL(values);
    }

    private static <T> T member(T value, String name, String set) {
      if (value == null) {
        throw new IllegalArgumentException("attribute '" + name + "': a member of " + set + " of another type");
      }
      return value;
    }

    private String number() {
      return reader.getType() == IonType.INT ? reader.bigIntegerValue().toString() : reader.bigDecimalValue().toString();
    }

    @Override
    public void close() {
      try {
        reader.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
