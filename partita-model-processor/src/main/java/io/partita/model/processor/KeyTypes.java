package io.partita.model.processor;

import java.util.Set;

import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Which record component types a key placeholder may name, and which formats fit them, said of the compiler's types.
 * The same rules as {@code ModelCompiler}'s at {@code Model.build()}, which reads them from the codecs at run time; the
 * processor cannot load the record's class, so it states them again here, over type names. {@code
 * KeyTypesAgreementTest} holds the two together: for every component type and format, the processor's verdict must be
 * {@code build()}'s.
 */
final class KeyTypes {

  /** Types with a key text (the codecs whose {@code scalar()} is true), besides enums and primitives. */
  private static final Set<String> KEYABLE = Set.of("java.lang.String", "java.lang.Boolean", "java.lang.Integer",
      "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.lang.Double", "java.lang.Float",
      "java.math.BigDecimal", "java.math.BigInteger", "java.time.Instant", "java.time.LocalDate", "java.util.UUID");

  /** What {@code 0Nd} pads: whole numbers. */
  private static final Set<String> WHOLE = Set.of("java.lang.Integer", "java.lang.Long", "java.lang.Short",
      "java.lang.Byte", "java.math.BigInteger");
  private static final Set<TypeKind> WHOLE_PRIMITIVES = Set.of(TypeKind.INT, TypeKind.LONG, TypeKind.SHORT,
      TypeKind.BYTE);

  private KeyTypes() {}

  /** The type inside {@code Optional<X>}, or null when {@code t} is not an Optional. */
  static TypeMirror optionalOf(TypeMirror t) {
    if (!named(t, "java.util.Optional")) {
      return null;
    }
    var args = ((DeclaredType) t).getTypeArguments();
    return args.size() == 1 ? args.get(0) : null;
  }

  /** Whether a value of {@code t} (not an Optional) can be written into key text. */
  static boolean keyable(TypeMirror t) {
    if (t.getKind().isPrimitive()) {
      return t.getKind() != TypeKind.CHAR;
    }
    return isEnum(t) || KEYABLE.contains(name(t));
  }

  /** Whether {@code format} ({@code 0Nd}, {@code upper}, {@code lower}) applies to a value of {@code t}. */
  static boolean fits(String format, TypeMirror t) {
    if (format.endsWith("d")) {
      return WHOLE_PRIMITIVES.contains(t.getKind()) || WHOLE.contains(name(t));
    }
    return isEnum(t) || "java.lang.String".equals(name(t));
  }

  static String formatRule(String format) {
    return format.endsWith("d") ? "0Nd pads whole numbers: int, long, short, byte, BigInteger"
        : "upper and lower apply to String and enum fields";
  }

  private static boolean isEnum(TypeMirror t) {
    return t.getKind() == TypeKind.DECLARED && ((DeclaredType) t).asElement().getKind() == ElementKind.ENUM;
  }

  private static boolean named(TypeMirror t, String qualified) {
    return qualified.equals(name(t));
  }

  /** The qualified name of a class or interface type; "" for primitives, arrays and the rest (Set.of refuses null). */
  private static String name(TypeMirror t) {
    return t.getKind() == TypeKind.DECLARED
        ? ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().toString() : "";
  }
}
