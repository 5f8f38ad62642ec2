package io.partita.engine.ops;

import io.partita.engine.expr.Update;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * A validated single-item write, ready to run alone (PutItem, UpdateItem, DeleteItem) or as one
 * action of a transaction, which converts its actions to those requests and plans them the same
 * way, so both check and apply exactly the same rules.
 *
 * @param returnValues what the single-item response returns (NONE inside a transaction)
 * @param update the update expression of an UpdateItem, for UPDATED_OLD/UPDATED_NEW; else null
 */
record WritePlan(ReadModifyWrite.Target target, ReturnValue returnValues, Update update) {}
