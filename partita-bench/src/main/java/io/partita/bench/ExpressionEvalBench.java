package io.partita.bench;

import io.partita.engine.internal.expr.Condition;
import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.Update;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Evaluation of bound expressions on the ~1 KB fixture item (binding is done once, in setup). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ExpressionEvalBench {
  Map<String, AttributeValue> item;
  Condition condition;
  Update update;

  @Setup
  public void setup() {
    item = Fixtures.item("order#1");
    condition = new ExpressionContext(
        Map.of("#s", "status", "#i", "items"),
        Map.of(":open", AttributeValue.fromS("open"), ":zero", AttributeValue.fromN("0")))
        .condition("attribute_exists(pk) AND #s = :open AND size(#i) > :zero", "ConditionExpression");
    update = new ExpressionContext(null, Map.of(
        ":one", AttributeValue.fromN("1"),
        ":l", AttributeValue.fromL(List.of(AttributeValue.fromS("y")))))
        .update("SET a = a + :one, b = list_append(b, :l) REMOVE c");
    if (!condition.test(item)) {
      throw new IllegalStateException("the fixture item must satisfy the condition");
    }
    Map<String, AttributeValue> after = update.apply(item);
    if (!after.get("a").n().equals("42") || after.containsKey("c") || after.get("b").l().size() != 3) {
      throw new IllegalStateException("unexpected update result: " + after);
    }
  }

  @Benchmark
  public boolean conditionTest() {
    return condition.test(item);
  }

  @Benchmark
  public Object updateApply() {
    return update.apply(item);
  }
}
