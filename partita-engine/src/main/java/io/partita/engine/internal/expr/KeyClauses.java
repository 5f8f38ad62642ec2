package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.expr.Ast.Comparator;
import io.partita.engine.internal.expr.Operands.ConstVal;
import io.partita.engine.internal.expr.Operands.PathVal;
import io.partita.engine.internal.expr.Operands.SizeVal;
import io.partita.engine.internal.expr.Operands.Val;
import io.partita.engine.internal.expr.SortCondition.Op;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The first half of key condition validation, which needs no table: splits a bound condition into
 * its clauses, one per attribute, refusing every shape a key condition may not have. DynamoDB
 * checks this before it looks the table up.
 *
 * <p>The tree is walked in the order written and each node is checked before its operands, so the
 * first problem met is the one reported (Partita's choice; the service's order here could not be
 * established).
 */
final class KeyClauses {
  /** One condition of a key condition, attribute on the left; {@code upper} only for BETWEEN. */
  record Clause(String attribute, Op op, AttributeValue value, AttributeValue upper) {}

  private final List<Clause> clauses = new ArrayList<>();
  private final Set<String> seen = new HashSet<>();

  private KeyClauses() {}

  /** The clauses of {@code bound}, in the order written. */
  static List<Clause> of(Condition bound) {
    KeyClauses k = new KeyClauses();
    k.walk(bound);
    return k.clauses;
  }

  private void walk(Condition c) {
    if (c instanceof Conditions.And and) {
      walk(and.left());
      walk(and.right());
    } else if (c instanceof Conditions.Cmp cmp) {
      if (cmp.op() == Comparator.NE) {
        throw invalid(ExprErrors.keyOperator("<>"));
      }
      clause(op(cmp.op()), cmp.left(), cmp.right(), null);
    } else if (c instanceof Conditions.Between b) {
      clause(Op.BETWEEN, b.subject(), b.low(), b.high());
    } else if (c instanceof Conditions.BeginsWith bw) {
      clause(Op.BEGINS_WITH, bw.subject(), bw.prefix(), null);
    } else {
      throw invalid(ExprErrors.keyOperator(operatorName(c)));
    }
  }

  private static String operatorName(Condition c) {
    if (c instanceof Conditions.Or) {
      return "OR";
    }
    if (c instanceof Conditions.Not) {
      return "NOT";
    }
    if (c instanceof Conditions.In) {
      return "IN";
    }
    if (c instanceof Conditions.Exists e) {
      return e.exists() ? "attribute_exists" : "attribute_not_exists";
    }
    if (c instanceof Conditions.TypeIs) {
      return "attribute_type";
    }
    return "contains";
  }

  /**
   * One comparison, BETWEEN or begins_with: exactly one operand is a top-level attribute, the others
   * are values. {@code third} is BETWEEN's upper bound, else null.
   */
  private void clause(Op op, Val first, Val second, Val third) {
    // BETWEEN and begins_with must name the attribute first; a comparison may name it on either side
    if ((op == Op.BETWEEN || op == Op.BEGINS_WITH) && !(first instanceof PathVal)) {
      throw invalid(ExprErrors.keyFirstOperand(op == Op.BETWEEN ? "BETWEEN" : "begins_with"));
    }
    String attribute = null;
    boolean attributeFirst = true;
    List<AttributeValue> values = new ArrayList<>(2);
    Val[] operands = third == null ? new Val[] {first, second} : new Val[] {first, second, third};
    for (Val v : operands) {
      if (v instanceof PathVal p) {
        if (attribute != null) {
          throw invalid(ExprErrors.KEY_TWO_NAMES);
        }
        if (p.path().size() > 1) {
          throw invalid(ExprErrors.KEY_NESTED_PATH);
        }
        attribute = p.path().top();
        attributeFirst = values.isEmpty();
      } else if (v instanceof SizeVal) {
        throw invalid(ExprErrors.KEY_NESTED_OPERATION);
      } else {
        values.add(((ConstVal) v).value());
      }
    }
    if (attribute == null) {
      throw invalid(ExprErrors.KEY_NO_NAME);
    }
    if (!seen.add(attribute)) {
      throw invalid(ExprErrors.KEY_DUPLICATE);
    }
    // :v < sk means sk > :v (Amazon DynamoDB accepts the value first)
    Op effective = attributeFirst ? op : flip(op);
    clauses.add(new Clause(attribute, effective, values.get(0), values.size() > 1 ? values.get(1) : null));
  }

  private static Op op(Comparator c) {
    return switch (c) {
      case EQ -> Op.EQ;
      case LT -> Op.LT;
      case LE -> Op.LE;
      case GT -> Op.GT;
      case GE -> Op.GE;
      case NE -> throw new IllegalStateException("<> is refused before");
    };
  }

  private static Op flip(Op op) {
    return switch (op) {
      case LT -> Op.GT;
      case LE -> Op.GE;
      case GT -> Op.LT;
      case GE -> Op.LE;
      default -> op;
    };
  }

  private static PartitaException invalid(String message) {
    return PartitaException.validation(message);
  }
}
