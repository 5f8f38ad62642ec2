package io.partita.engine.internal.expr;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A SearchVectors SearchConditionExpression: equalities of top-level attributes and values joined by
 * AND, the only form the service takes (its refusals as recorded in 2026: docs/vector-search.md). It
 * is parsed by the condition grammar, so syntax, names and values are checked as any condition's are;
 * what the service takes is then read off the tree here.
 */
final class SearchConditions {
  static final String KIND = "SearchConditionExpression";

  private SearchConditions() {}

  static List<ExpressionContext.SearchEquality> of(ExpressionContext context, Ast.Cond cond) {
    List<ExpressionContext.SearchEquality> out = new ArrayList<>();
    walk(context, cond, out);
    return out;
  }

  private static void walk(ExpressionContext context, Ast.Cond cond, List<ExpressionContext.SearchEquality> out) {
    if (cond instanceof Ast.And and) {
      walk(context, and.left(), out);
      walk(context, and.right(), out);
      return;
    }
    if (!(cond instanceof Ast.Compare c) || c.op() != Ast.Comparator.EQ) {
      throw comparator();
    }
    Ast.PathOperand path = c.left() instanceof Ast.PathOperand p ? p : c.right() instanceof Ast.PathOperand p ? p : null;
    Ast.ValueRef ref = c.right() instanceof Ast.ValueRef v ? v : c.left() instanceof Ast.ValueRef v ? v : null;
    if (path == null || ref == null) {
      throw comparator();
    }
    if (path.path().elements().size() != 1) {
      throw ExprErrors.invalid(KIND, "SearchConditionExpression cannot have conditions on nested attributes");
    }
    Ast.Name name = (Ast.Name) path.path().elements().get(0);
    String attribute = name.text();
    if (name.placeholder()) {
      attribute = context.resolveName(name.text());
      if (attribute == null) {
        throw ExprErrors.invalid(KIND, ExprErrors.undefinedName(name.text()));
      }
    }
    AttributeValue value = context.resolveValue(ref.name());
    if (value == null) {
      throw ExprErrors.invalid(KIND, ExprErrors.undefinedValue(ref.name()));
    }
    for (ExpressionContext.SearchEquality e : out) {
      if (e.attribute().equals(attribute)) {
        throw ExprErrors.invalid(KIND, "SearchConditionExpression must only contain one condition per attribute");
      }
    }
    out.add(new ExpressionContext.SearchEquality(attribute, value));
  }

  private static io.partita.engine.PartitaException comparator() {
    return ExprErrors.invalid(KIND, "Invalid comparator used in SearchConditionExpression");
  }
}
