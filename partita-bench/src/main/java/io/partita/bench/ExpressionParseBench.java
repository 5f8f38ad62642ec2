package io.partita.bench;

import io.partita.engine.internal.expr.ExpressionContext;
import io.partita.engine.internal.expr.Uncached;
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

/**
 * Expression parsing, uncached against cached. The public API always goes through the shared
 * cache of parsed texts, so the uncached cases go through {@link Uncached}, the engine's internal
 * way to parse (and bind) without it.
 *
 * <ul>
 *   <li>{@code *Parse}: text to AST only (what a cache miss costs on top of binding);
 *   <li>{@code *ParseBind}: a cache miss end to end, parse and bind, as ExpressionContext would do it;
 *   <li>{@code *Cached}: the public path on a recurring text: new ExpressionContext, cache hit, bind.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ExpressionParseBench {
  static final String CONDITION = "attribute_exists(pk) AND #s = :open AND size(#i) > :zero";
  static final String UPDATE = "SET a = a + :one, b = list_append(b, :l) REMOVE c";
  static final String KIND = "ConditionExpression";

  Map<String, String> condNames;
  Map<String, AttributeValue> condValues;
  Map<String, AttributeValue> updateValues;

  @Setup
  public void setup() {
    condNames = Map.of("#s", "status", "#i", "items");
    condValues = Map.of(":open", AttributeValue.fromS("open"), ":zero", AttributeValue.fromN("0"));
    updateValues = Map.of(":one", AttributeValue.fromN("1"),
        ":l", AttributeValue.fromL(java.util.List.of(AttributeValue.fromS("y"))));
    // warm the cache for the *Cached cases and check the fixtures bind
    new ExpressionContext(condNames, condValues).condition(CONDITION, KIND).test(Fixtures.item("p"));
    new ExpressionContext(null, updateValues).update(UPDATE).apply(Fixtures.item("p"));
  }

  @Benchmark
  public Object conditionParse() {
    return Uncached.parseCondition(CONDITION, KIND);
  }

  @Benchmark
  public Object conditionParseBind() {
    return Uncached.condition(new ExpressionContext(condNames, condValues), CONDITION, KIND);
  }

  @Benchmark
  public Object conditionCached() {
    return new ExpressionContext(condNames, condValues).condition(CONDITION, KIND);
  }

  @Benchmark
  public Object updateParse() {
    return Uncached.parseUpdate(UPDATE, "UpdateExpression");
  }

  @Benchmark
  public Object updateParseBind() {
    return Uncached.update(new ExpressionContext(null, updateValues), UPDATE);
  }

  @Benchmark
  public Object updateCached() {
    return new ExpressionContext(null, updateValues).update(UPDATE);
  }
}
