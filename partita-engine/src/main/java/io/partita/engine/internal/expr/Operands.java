package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.value.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Bound operands. {@link Val#eval} answers {@code null} for a missing value. */
final class Operands {
  private Operands() {}

  sealed interface Val permits PathVal, ConstVal, SizeVal, IfNotExists, ListAppend, Arith {
    AttributeValue eval(Map<String, AttributeValue> item);
  }

  record PathVal(DocPath path) implements Val {
    @Override
    public AttributeValue eval(Map<String, AttributeValue> item) {
      return path.resolve(item);
    }
  }

  record ConstVal(AttributeValue value) implements Val {
    @Override
    public AttributeValue eval(Map<String, AttributeValue> item) {
      return value;
    }
  }

  record SizeVal(Val arg) implements Val {
    @Override
    public AttributeValue eval(Map<String, AttributeValue> item) {
      Integer size = Values.size(arg.eval(item));
      return size == null ? null : AttributeValue.fromN(size.toString());
    }
  }

  record IfNotExists(DocPath path, Val fallback) implements Val {
    @Override
    public AttributeValue eval(Map<String, AttributeValue> item) {
      AttributeValue existing = path.resolve(item);
      return existing != null ? existing : required(fallback, item);
    }
  }

  record ListAppend(Val first, Val second) implements Val {
    @Override
    public AttributeValue eval(Map<String, AttributeValue> item) {
      AttributeValue a = required(first, item);
      AttributeValue b = required(second, item);
      if (!a.hasL() || !b.hasL()) {
        throw PartitaException.validation(ExprErrors.INCORRECT_DATA_TYPE);
      }
      List<AttributeValue> out = new ArrayList<>(a.l());
      out.addAll(b.l());
      return AttributeValue.fromL(out);
    }
  }

  record Arith(boolean plus, Val left, Val right) implements Val {
    @Override
    public AttributeValue eval(Map<String, AttributeValue> item) {
      AttributeValue a = required(left, item);
      AttributeValue b = required(right, item);
      if (a.type() != AttributeValue.Type.N || b.type() != AttributeValue.Type.N) {
        throw PartitaException.validation(ExprErrors.INCORRECT_DATA_TYPE);
      }
      return Values.number(plus
          ? Numbers.add(Values.num(a.n()), Values.num(b.n()))
          : Numbers.subtract(Values.num(a.n()), Values.num(b.n())));
    }
  }

  /** The value of an update operand, which must exist. */
  static AttributeValue required(Val v, Map<String, AttributeValue> item) {
    AttributeValue value = v.eval(item);
    if (value == null) {
      throw PartitaException.validation(ExprErrors.MISSING_ATTRIBUTE);
    }
    return value;
  }
}
