package io.partita.engine.internal.expr;

import io.partita.engine.internal.expr.Ast.Comparator;
import io.partita.engine.internal.expr.Operands.Val;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Bound conditions. A missing operand makes every comparison false, except {@code <>}, which is then true. */
final class Conditions {
  private Conditions() {}

  record Cmp(Comparator op, Val left, Val right) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      AttributeValue a = left.eval(item);
      AttributeValue b = right.eval(item);
      if (op == Comparator.EQ) {
        return Values.equal(a, b);
      }
      if (op == Comparator.NE) {
        return !Values.equal(a, b);
      }
      Integer c = Values.compare(a, b);
      if (c == null) {
        return false;
      }
      return switch (op) {
        case LT -> c < 0;
        case LE -> c <= 0;
        case GT -> c > 0;
        case GE -> c >= 0;
        default -> false;
      };
    }
  }

  record Between(Val subject, Val low, Val high) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      AttributeValue x = subject.eval(item);
      Integer lo = Values.compare(x, low.eval(item));
      Integer hi = Values.compare(x, high.eval(item));
      return lo != null && hi != null && lo >= 0 && hi <= 0;
    }
  }

  record In(Val subject, List<Val> candidates) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      AttributeValue x = subject.eval(item);
      if (x == null) {
        return false;
      }
      for (Val c : candidates) {
        if (Values.equal(x, c.eval(item))) {
          return true;
        }
      }
      return false;
    }
  }

  record And(Condition left, Condition right) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      return left.test(item) && right.test(item);
    }
  }

  record Or(Condition left, Condition right) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      return left.test(item) || right.test(item);
    }
  }

  record Not(Condition operand) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      return !operand.test(item);
    }
  }

  record Exists(DocPath path, boolean exists) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      return (path.resolve(item) != null) == exists;
    }
  }

  record TypeIs(DocPath path, String type) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      AttributeValue v = path.resolve(item);
      return v != null && Values.typeName(v).equals(type);
    }
  }

  record BeginsWith(Val subject, Val prefix) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      return Values.beginsWith(subject.eval(item), prefix.eval(item));
    }
  }

  record Contains(Val subject, Val operand) implements Condition {
    @Override
    public boolean test(Map<String, AttributeValue> item) {
      return Values.contains(subject.eval(item), operand.eval(item));
    }
  }
}
