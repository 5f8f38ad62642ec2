package io.partita.engine.internal.expr;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.value.Numbers;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The ADD and DELETE actions on one value, shared by UpdateExpression's ADD and DELETE clauses and
 * the legacy AttributeUpdates' actions. Each caller names its own message for an operand of another
 * type than the value: the service words it differently for the two forms.
 */
final class AddDelete {
  private AddDelete() {}

  /**
   * ADD: a number is added, a set gains the elements it lacks, a list has the operand's elements
   * appended (only AttributeUpdates takes a list; UpdateExpression's ADD refuses one when bound). A
   * missing {@code existing} is taken as 0, the empty set or the empty list: the result is the operand.
   */
  static AttributeValue add(AttributeValue existing, AttributeValue operand, String mismatch) {
    if (existing == null) {
      return operand;
    }
    if (existing.type() != operand.type()) {
      throw PartitaException.validation(mismatch);
    }
    return switch (existing.type()) {
      case N -> Values.number(Numbers.add(Values.num(existing.n()), Values.num(operand.n())));
      case L -> {
        List<AttributeValue> out = new ArrayList<>(existing.l());
        out.addAll(operand.l());
        yield AttributeValue.fromL(out);
      }
      default -> Values.union(existing, operand);
    };
  }

  /** DELETE of a set's elements from an existing set: what is left, or {@code null} when nothing is. */
  static AttributeValue delete(AttributeValue existing, AttributeValue operand, String mismatch) {
    if (existing.type() != operand.type()) {
      throw PartitaException.validation(mismatch);
    }
    return Values.difference(existing, operand);
  }
}
