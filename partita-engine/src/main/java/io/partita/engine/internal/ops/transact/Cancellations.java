package io.partita.engine.internal.ops.transact;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.served.Served;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

/**
 * The TransactionCanceledException of TransactWriteItems and TransactGetItems: one reason per
 * action in request order, each with the code and message the API reference lists for it.
 */
final class Cancellations {
  private Cancellations() {}

  /** The cancellation of a transaction by its actions' refusals: one slot per action, null where none. */
  static PartitaException of(PartitaException[] refusals) {
    List<CancellationReason> reasons = new ArrayList<>(refusals.length);
    for (PartitaException e : refusals) {
      reasons.add(reason(e));
    }
    return PartitaException.transactionCanceled(reasons);
  }

  /** The cancellation of a transaction of {@code size} actions by action {@code i}'s error alone. */
  static PartitaException byAction(int i, int size, PartitaException e) {
    PartitaException[] refusals = new PartitaException[size];
    refusals[i] = e;
    return of(refusals);
  }

  /**
   * The cancellation of a transaction that meets another one in progress: a TransactionConflict
   * reason for each item the other holds
   * ({@link io.partita.engine.internal.ops.context.OngoingTransactions}), None for the rest.
   */
  static PartitaException conflicted(boolean[] conflicts) {
    List<CancellationReason> reasons = new ArrayList<>(conflicts.length);
    for (boolean c : conflicts) {
      reasons.add(c ? CONFLICT : reason(null));
    }
    return PartitaException.transactionCanceled(reasons);
  }

  /**
   * Lets in a transaction whose actions' tables have units left (throttling on): otherwise it is
   * cancelled, each throttled action's reason naming its refusal ({@code
   * ProvisionedThroughputExceeded} or {@code ThrottlingError}), before anything runs.
   */
  static <T> void admit(List<T> actions, Function<T, String> table, Predicate<T> write) {
    if (!Served.metered()) {
      return;
    }
    PartitaException[] refusals = null;
    for (int i = 0; i < actions.size(); i++) {
      T action = actions.get(i);
      PartitaException e = Served.refusal(table.apply(action), write.test(action));
      if (e != null) {
        refusals = refusals == null ? new PartitaException[actions.size()] : refusals;
        refusals[i] = e;
      }
    }
    if (refusals != null) {
      throw of(refusals);
    }
  }

  private static final CancellationReason CONFLICT =
      CancellationReason.builder().code("TransactionConflict").message("Transaction is ongoing for the item").build();

  /** The cancellation reason DynamoDB gives for an action's refusal; {@code None} for no refusal. */
  private static CancellationReason reason(PartitaException e) {
    if (e == null) {
      return CancellationReason.builder().code("None").build();
    }
    String code = switch (e.code()) {
      case ConditionalCheckFailedException -> "ConditionalCheckFailed";
      case ValidationException -> "ValidationError";
      case ItemCollectionSizeLimitExceededException -> "ItemCollectionSizeLimitExceeded";
      case ProvisionedThroughputExceededException -> "ProvisionedThroughputExceeded";
      case ThrottlingException -> "ThrottlingError";
      default -> e.code().name();
    };
    // the message DynamoDB documents for an item collection past its limit
    String message = e.code() == ErrorCode.ItemCollectionSizeLimitExceededException ? "Collection size exceeded." : e.getMessage();
    CancellationReason.Builder b = CancellationReason.builder().code(code).message(message);
    if (e.item() != null) {
      b.item(e.item());
    }
    return b.build();
  }
}
