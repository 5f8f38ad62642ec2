package io.partita.model.internal;

import io.partita.model.ValidationException;
import io.partita.model.internal.UpdateSpec.Action;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The values of an update's actions, encoded for their path's type, and the message when one does not fit. */
final class UpdateValues {
  private UpdateValues() {}

  static ValidationException invalid(EntityModel<?> entity, DocPath p, Action a, String message) {
    String op = a.kind().name().toLowerCase(java.util.Locale.ROOT);
    return new ValidationException("Entity " + entity.name() + ", update path '" + p + "' (" + op + "): " + message,
        entity.name(), p.top().name());
  }

  static void requireRemovable(EntityModel<?> entity, DocPath p, Action a) {
    if (!p.removable()) {
      throw invalid(entity, p, a, "cannot remove it: it is required (only Optional fields, sets, map entries and"
          + " list elements can be removed)");
    }
  }

  static Object required(EntityModel<?> entity, Object v, DocPath p, Action a) {
    if (v == null) {
      throw invalid(entity, p, a, "needs a value");
    }
    return v;
  }

  static AttributeValue nonEmptySet(EntityModel<?> entity, DocPath p, Object v, Action a) {
    AttributeValue av = encode(entity, p, required(entity, v, p, a), a);
    if (av == null) {
      throw invalid(entity, p, a, "needs at least one element");
    }
    return av;
  }

  /** Encodes {@code v} for the path's type; numbers of another Java type are converted when they fit. */
  static AttributeValue encode(EntityModel<?> entity, DocPath p, Object v, Action a) {
    Codec codec = p.codec();
    try {
      v = Numbers.convert(v, codec.javaType());
    } catch (IllegalArgumentException e) {
      throw invalid(entity, p, a, e.getMessage());
    }
    if (!codec.javaType().isInstance(v)) {
      throw invalid(entity, p, a, "expected a " + codec.javaType().getSimpleName() + ", got "
          + v.getClass().getSimpleName() + " " + v);
    }
    try {
      return codec.encode(v);
    } catch (RuntimeException e) {
      throw invalid(entity, p, a, String.valueOf(e.getMessage()));
    }
  }
}
