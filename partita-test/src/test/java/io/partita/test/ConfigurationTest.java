package io.partita.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.junit.platform.engine.discovery.DiscoverySelectors;

/**
 * How a {@link ModelTest} class that is set up wrong fails: each case below is run on its own JUnit launcher and
 * must fail with a message that says what to do. (The cases' names do not end in Test, so the build does not run
 * them by themselves.)
 */
class ConfigurationTest {

  @ModelTest
  static class NoModelCase {
    @Test
    void test() {}
  }

  @ModelTest
  static class TwoModelsCase {
    @TestModel static final Model A = Shop.MODEL;
    @TestModel static final Model B = Shop.MODEL;

    @Test
    void test() {}
  }

  @ModelTest
  static class InstanceFieldCase {
    @TestModel final Model model = Shop.MODEL;

    @Test
    void test() {}
  }

  @ModelTest
  static class BeforeAllCase {
    @TestModel static final Model MODEL = Shop.MODEL;

    @BeforeAll
    static void setUp(ModelClient db) {}

    @Test
    void test() {}
  }

  @ModelTest(faults = "rate=1,operations=Querry")
  static class MisspeltFaultsCase {
    @TestModel static final Model MODEL = Shop.MODEL;

    @Test
    void test() {}
  }

  @ModelTest(throttling = true)
  static class OnDemandThrottlingCase {
    @TestModel static final Model MODEL = Shop.MODEL;

    @Test
    void test() {}
  }

  static volatile boolean badFixtureTestRan;

  @ModelTest
  static class BadFixtureCase {
    @TestModel static final Model MODEL = Shop.MODEL;

    @Test
    @Fixture("/fixtures/same-key.json")
    void test() {
      badFixtureTestRan = true;
    }
  }

  /** A subclass finds its superclass's model and fixtures. */
  @Fixture("shop.json")
  static class SharedModel {
    @TestModel static final Model MODEL = Shop.MODEL;
  }

  @ModelTest
  static class InheritedModelCase extends SharedModel {
    @Test
    void test(ModelClient db) {
      assertEquals(Shop.MODEL, db.model());
      assertEquals(2, db.query(Shop.ORDERS_BY_STATUS).partition(Key.of("status", "PAID")).all().size());
    }
  }

  private static List<Throwable> failures(Class<?> testClass) {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(DiscoverySelectors.selectClass(testClass)).build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    return listener.getSummary().getFailures().stream().map(TestExecutionSummary.Failure::getException).toList();
  }

  private static Throwable onlyFailure(Class<?> testClass) {
    List<Throwable> failures = failures(testClass);
    assertEquals(1, failures.size(), failures::toString);
    return failures.get(0);
  }

  @Test
  void aClassWithoutAModelIsToldHowToNameOne() {
    Throwable e = onlyFailure(NoModelCase.class);
    assertInstanceOf(ExtensionConfigurationException.class, e);
    assertEquals(NoModelCase.class.getName() + " has no @TestModel field: add `@TestModel static final Model MODEL"
        + " = ...;`", e.getMessage());
  }

  @Test
  void twoModelsAreRefused() {
    assertEquals(TwoModelsCase.class.getName() + " has 2 @TestModel fields, [TwoModelsCase.A, TwoModelsCase.B]:"
        + " keep one", onlyFailure(TwoModelsCase.class).getMessage());
  }

  @Test
  void theModelFieldMustBeStatic() {
    assertEquals("@TestModel model must be a static field of type Model (the table is made before the test class"
        + " has an instance)", onlyFailure(InstanceFieldCase.class).getMessage());
  }

  @Test
  void beforeAllGetsADatabaseOnlyPerClass() {
    Throwable e = onlyFailure(BeforeAllCase.class);
    assertInstanceOf(ParameterResolutionException.class, e);
    assertEquals("@ModelTest opens its database before each test: a @BeforeAll method gets one with"
        + " @ModelTest(lifecycle = PER_CLASS)", e.getMessage());
  }

  @Test
  void aFaultSpecTheEngineWouldNotMatchIsRefused() {
    assertEquals("@ModelTest(faults = \"rate=1,operations=Querry\"): no operation is named Querry (DynamoDB's names:"
        + " PutItem, Query, TransactWriteItems, ...)", onlyFailure(MisspeltFaultsCase.class).getMessage());
  }

  @Test
  void throttlingATableThatCannotBeThrottledIsRefused() {
    assertEquals("@ModelTest(throttling = true) holds a table to its provisioned throughput, and table Shop is on"
        + " demand: give its TableSchema provisioned(r, w)", onlyFailure(OnDemandThrottlingCase.class).getMessage());
  }

  @Test
  void aBadFixtureFailsTheTestBeforeItRuns() {
    Throwable e = onlyFailure(BadFixtureCase.class);
    assertInstanceOf(FixtureException.class, e);
    assertEquals("fixture /fixtures/same-key.json, Order item 2: an item with the same key was loaded before"
        + " (pk=CUSTOMER#c1, sk=ORDER#o1)", e.getMessage());
    assertFalse(badFixtureTestRan);
  }

  @Test
  void aSuperclassesModelAndFixturesAreFound() {
    assertEquals(List.of(), failures(InheritedModelCase.class));
  }
}
