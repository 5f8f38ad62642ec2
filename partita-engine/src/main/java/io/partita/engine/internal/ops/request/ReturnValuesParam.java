package io.partita.engine.internal.ops.request;

import io.partita.engine.PartitaException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/** Validation of the ReturnValues and ReturnValuesOnConditionCheckFailure parameters. */
public final class ReturnValuesParam {
  private ReturnValuesParam() {}

  public static ReturnValue forPutOrDelete(ReturnValue value, String raw) {
    ReturnValue v = any(value, raw);
    if (v != ReturnValue.NONE && v != ReturnValue.ALL_OLD) {
      throw PartitaException.validation("Return values set to invalid value");
    }
    return v;
  }

  public static ReturnValue any(ReturnValue value, String raw) {
    if (raw == null) {
      return ReturnValue.NONE;
    }
    return value;
  }

  /** True when the failed condition's item is to be returned (ALL_OLD). */
  public static boolean onConditionFailure(String raw) {
    if (raw == null) {
      return false;
    }
    return ReturnValuesOnConditionCheckFailure.fromValue(raw) == ReturnValuesOnConditionCheckFailure.ALL_OLD;
  }
}
