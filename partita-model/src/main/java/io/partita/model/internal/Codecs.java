package io.partita.model.internal;

import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Builds the {@link Codec} for a Java type. Each nested record class gets one mapper, shared and cached. */
public final class Codecs {

  /**
   * Instants as ISO-8601 in UTC with exactly three fraction digits, the text JavaScript's {@code toISOString()}
   * writes: fixed width, so the text sorts in time order inside sort keys, and readable by TypeScript services
   * sharing the table. Sub-millisecond precision is dropped.
   */
  static final DateTimeFormatter INSTANT_MILLIS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private final Map<Class<?>, RecordMapper<?>> records = new HashMap<>();

  /** The codec for {@code type}; {@code epochSeconds} asks for an Instant stored as a number of seconds. */
  public Codec forType(Type type, boolean epochSeconds) {
    if (epochSeconds) {
      if (type != Instant.class && type != long.class && type != Long.class) {
        throw new IllegalArgumentException("epoch seconds need an Instant or long field, not " + type.getTypeName());
      }
      return type == Instant.class ? EPOCH_SECONDS : forType(type, false);
    }
    if (type instanceof Class<?> c) {
      Codec simple = simple(c);
      if (simple != null) {
        return simple;
      }
      if (c.isEnum()) {
        return new EnumCodec(c);
      }
      if (c.isRecord()) {
        return new RecordCodec(mapper(c));
      }
      if (c == List.class || c == Set.class || c == Map.class || c == java.util.Optional.class) {
        throw new IllegalArgumentException("raw " + c.getSimpleName() + " needs a type argument");
      }
      throw new IllegalArgumentException("type " + c.getName() + " is not supported");
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
      Type[] args = p.getActualTypeArguments();
      if (raw == List.class) {
        return new ListCodec(forType(argument(args[0]), false));
      }
      if (raw == Set.class) {
        Type element = argument(args[0]);
        if (element == String.class) {
          return new SetCodec(STRING, SetCodec.Kind.SS);
        }
        if (element == SdkBytes.class) {
          return new SetCodec(SDK_BYTES, SetCodec.Kind.BS);
        }
        Codec codec = element instanceof Class<?> ec ? simple(ec) : null;
        if (codec instanceof NumberCodec) {
          return new SetCodec(codec, SetCodec.Kind.NS);
        }
        throw new IllegalArgumentException(
            "Set<" + element.getTypeName() + "> is not supported: sets hold strings, numbers or SdkBytes");
      }
      if (raw == Map.class) {
        if (argument(args[0]) != String.class) {
          throw new IllegalArgumentException("map keys must be String, not " + args[0].getTypeName());
        }
        return new MapCodec(forType(argument(args[1]), false));
      }
      if (raw == java.util.Optional.class) {
        throw new IllegalArgumentException("Optional is supported only as the type of a record component");
      }
    }
    throw new IllegalArgumentException("type " + type.getTypeName() + " is not supported");
  }

  private static Type argument(Type t) {
    if (t instanceof WildcardType w && w.getUpperBounds().length == 1 && w.getLowerBounds().length == 0) {
      return w.getUpperBounds()[0];
    }
    return t;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  public <T> RecordMapper<T> mapper(Class<T> type) {
    RecordMapper<?> existing = records.get(type);
    if (existing != null) {
      return (RecordMapper<T>) existing;
    }
    RecordMapper<T> mapper = new RecordMapper<>(type);
    records.put(type, mapper); // before its fields, so a recursive record finds itself
    mapper.initialize(this, Collections.emptyMap(), Collections.emptySet());
    return mapper;
  }

  /** The codecs of the types that need no type arguments, by class (primitives and their boxes alike). */
  private static Codec simple(Class<?> c) {
    return SIMPLE.get(c);
  }

  /** The DynamoDB type letter(s) a codec writes: N, S, BOOL, B, L, M, SS, NS or BS. */
  static String attributeType(Codec c) {
    if (c instanceof NumberCodec || c == EPOCH_SECONDS) {
      return "N";
    }
    if (c == BOOL) {
      return "BOOL";
    }
    if (c == BYTES || c == SDK_BYTES) {
      return "B";
    }
    if (c instanceof ListCodec || c instanceof FloatArrayCodec) {
      return "L";
    }
    if (c instanceof SetCodec set) {
      return set.kind.name();
    }
    return c instanceof MapCodec || c instanceof RecordCodec ? "M" : "S";
  }

  // ---- scalars

  /**
   * A codec given by three functions, for the types that are one attribute of one DynamoDB type. With a key text
   * the type can appear in key templates ({@link Codec#scalar()}); without one (null) it cannot.
   */
  record ScalarCodec(Class<?> javaType, Function<Object, AttributeValue> encoder,
      Function<AttributeValue, Object> decoder, Function<Object, String> keyTexter) implements Codec {

    @Override
    public AttributeValue encode(Object value) {
      return encoder.apply(value);
    }

    @Override
    public Object decode(AttributeValue value) {
      return decoder.apply(value);
    }

    @Override
    public String keyText(Object value) {
      return keyTexter == null ? null : keyTexter.apply(value);
    }

    @Override
    public boolean scalar() {
      return keyTexter != null;
    }

    @Override
    public Object fromKeyText(String text) {
      if (javaType == Boolean.class) {
        if (!text.equals("true") && !text.equals("false")) {
          throw new IllegalArgumentException("not a boolean: " + text);
        }
        return Boolean.valueOf(text);
      }
      if (this == EPOCH_SECONDS) {
        return decode(AttributeValue.fromN(text));
      }
      return decode(AttributeValue.fromS(text));
    }
  }

  static final Codec STRING = new ScalarCodec(String.class, v -> AttributeValue.fromS((String) v),
      v -> require(v.s(), "S", v), v -> (String) v);

  static final Codec BOOL = new ScalarCodec(Boolean.class, v -> AttributeValue.fromBool((Boolean) v),
      v -> require(v.bool(), "BOOL", v), Object::toString);

  /** Numbers travel as DynamoDB N text; nothing goes through double unless the field is a double. */
  static final class NumberCodec implements Codec {
    private final Class<?> type;
    private final Function<Object, String> toText;
    private final Function<String, Object> fromText;

    NumberCodec(Class<?> type, Function<Object, String> toText, Function<String, Object> fromText) {
      this.type = type;
      this.toText = toText;
      this.fromText = fromText;
    }

    @Override
    public Class<?> javaType() {
      return type;
    }

    @Override
    public AttributeValue encode(Object value) {
      return AttributeValue.fromN(toText.apply(value));
    }

    @Override
    public Object decode(AttributeValue value) {
      String n = require(value.n(), "N", value);
      try {
        return fromText.apply(n);
      } catch (ArithmeticException | NumberFormatException e) {
        throw new IllegalStateException("number " + n + " does not fit " + type.getSimpleName(), e);
      }
    }

    @Override
    public String keyText(Object value) {
      return toText.apply(value);
    }

    @Override
    public boolean scalar() {
      return true;
    }

    String text(Object value) {
      return toText.apply(value);
    }

    Object parse(String text) {
      return fromText.apply(text);
    }

    @Override
    public Object fromKeyText(String text) {
      return parse(text);
    }
  }

  static final NumberCodec INT = new NumberCodec(Integer.class, Object::toString,
      s -> isPlainInteger(s) ? Integer.parseInt(s) : new BigDecimal(s).intValueExact());
  static final NumberCodec LONG = new NumberCodec(Long.class, Object::toString,
      s -> isPlainInteger(s) ? Long.parseLong(s) : new BigDecimal(s).longValueExact());
  static final NumberCodec SHORT = new NumberCodec(Short.class, Object::toString,
      s -> new BigDecimal(s).shortValueExact());
  static final NumberCodec BYTE = new NumberCodec(Byte.class, Object::toString,
      s -> new BigDecimal(s).byteValueExact());
  static final NumberCodec DOUBLE = new NumberCodec(Double.class, v -> finite((Double) v),
      Double::parseDouble);
  static final NumberCodec FLOAT = new NumberCodec(Float.class, v -> finiteFloat((Float) v),
      Float::parseFloat);
  static final NumberCodec BIG_DECIMAL = new NumberCodec(BigDecimal.class,
      v -> ((BigDecimal) v).toPlainString(), BigDecimal::new);
  static final NumberCodec BIG_INTEGER = new NumberCodec(BigInteger.class, Object::toString,
      s -> isPlainInteger(s) ? new BigInteger(s) : new BigDecimal(s).toBigIntegerExact());

  private static boolean isPlainInteger(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c < '0' || c > '9') && !(i == 0 && c == '-')) {
        return false;
      }
    }
    return s.length() < 19;
  }

  /**
   * A double in plain notation: the text of {@code BigDecimal.valueOf(d).toPlainString()}, without the BigDecimal
   * when {@code Double.toString} already has no exponent (the usual case: a quarter of the cost).
   */
  static String finite(double d) {
    if (!Double.isFinite(d)) {
      throw new IllegalArgumentException("DynamoDB numbers cannot be " + d);
    }
    if (d == 0) {
      return "0.0"; // BigDecimal has no negative zero
    }
    String text = Double.toString(d);
    return text.indexOf('E') < 0 ? text : new BigDecimal(text).toPlainString();
  }

  static String finiteFloat(float f) {
    if (!Float.isFinite(f)) {
      throw new IllegalArgumentException("DynamoDB numbers cannot be " + f);
    }
    if (f == 0) {
      return "0.0";
    }
    String text = Float.toString(f);
    return text.indexOf('E') < 0 ? text : new BigDecimal(text).toPlainString();
  }

  /** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the range where Instant.toString has four-digit years. */
  private static final long FOUR_DIGIT_YEARS_FROM = -62167219200L;
  private static final long FOUR_DIGIT_YEARS_TO = 253402300799L;

  /**
   * The Instant as {@link #INSTANT_MILLIS} formats it, truncated to milliseconds. {@code Instant.toString} prints
   * the fraction in groups of three digits and none when it is zero, so after truncation it is the same text but
   * for a missing {@code .000}; it is several times cheaper than the formatter, which stays for other years.
   */
  static String instantText(Instant instant) {
    Instant t = instant.getNano() % 1_000_000 == 0 ? instant : instant.truncatedTo(ChronoUnit.MILLIS);
    long seconds = t.getEpochSecond();
    if (seconds < FOUR_DIGIT_YEARS_FROM || seconds > FOUR_DIGIT_YEARS_TO) {
      return INSTANT_MILLIS.format(t);
    }
    String text = t.toString();
    return t.getNano() == 0 ? text.substring(0, text.length() - 1) + ".000Z" : text;
  }

  static final Codec INSTANT = new ScalarCodec(Instant.class, v -> AttributeValue.fromS(instantText((Instant) v)),
      v -> Instant.parse(require(v.s(), "S", v)), v -> instantText((Instant) v));

  /** Instants as whole seconds since the epoch (N), the form DynamoDB's TTL reads. */
  static final Codec EPOCH_SECONDS = new ScalarCodec(Instant.class,
      v -> AttributeValue.fromN(Long.toString(((Instant) v).getEpochSecond())),
      v -> Instant.ofEpochSecond(new BigDecimal(require(v.n(), "N", v)).longValue()),
      v -> Long.toString(((Instant) v).getEpochSecond()));

  static final Codec LOCAL_DATE = new ScalarCodec(LocalDate.class, v -> AttributeValue.fromS(v.toString()),
      v -> LocalDate.parse(require(v.s(), "S", v)), Object::toString);

  static final Codec UUID_CODEC = new ScalarCodec(UUID.class, v -> AttributeValue.fromS(v.toString()),
      v -> UUID.fromString(require(v.s(), "S", v)), Object::toString);

  static final Codec BYTES = new ScalarCodec(byte[].class,
      v -> AttributeValue.fromB(SdkBytes.fromByteArray((byte[]) v)), v -> require(v.b(), "B", v).asByteArray(), null);

  static final Codec SDK_BYTES = new ScalarCodec(SdkBytes.class, v -> AttributeValue.fromB((SdkBytes) v),
      v -> require(v.b(), "B", v), null);

  // ---- documents

  // after the codecs it holds: static fields are initialized in order
  private static final Map<Class<?>, Codec> SIMPLE = Map.ofEntries(
      Map.entry(String.class, STRING), Map.entry(boolean.class, BOOL), Map.entry(Boolean.class, BOOL),
      Map.entry(int.class, INT), Map.entry(Integer.class, INT), Map.entry(long.class, LONG),
      Map.entry(Long.class, LONG), Map.entry(short.class, SHORT), Map.entry(Short.class, SHORT),
      Map.entry(byte.class, BYTE), Map.entry(Byte.class, BYTE), Map.entry(double.class, DOUBLE),
      Map.entry(Double.class, DOUBLE), Map.entry(float.class, FLOAT), Map.entry(Float.class, FLOAT),
      Map.entry(BigDecimal.class, BIG_DECIMAL), Map.entry(BigInteger.class, BIG_INTEGER),
      Map.entry(Instant.class, INSTANT), Map.entry(LocalDate.class, LOCAL_DATE), Map.entry(UUID.class, UUID_CODEC),
      Map.entry(byte[].class, BYTES), Map.entry(SdkBytes.class, SDK_BYTES),
      Map.entry(float[].class, FloatArrayCodec.INSTANCE));

  static <V> V require(V v, String type, AttributeValue value) {
    if (v == null) {
      throw new IllegalStateException("expected " + type + " but the item holds " + value.type());
    }
    return v;
  }

  /** Boxes a primitive class; other classes unchanged. */
  public static Class<?> boxed(Class<?> c) {
    return MethodType.methodType(c).wrap().returnType();
  }
}
