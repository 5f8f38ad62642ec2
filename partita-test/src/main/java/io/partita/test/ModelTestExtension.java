package io.partita.test;

import io.partita.engine.Partita;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@link ModelTest}'s extension: opens a {@link TestDatabase} before each test (or once before the class), loads the
 * {@link Fixture}s, resolves the parameters, and turns the switches off after each test.
 */
final class ModelTestExtension implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback,
    ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ModelTestExtension.class);
  private static final String KEY = "database";
  private static final List<Class<?>> PARAMETERS = List.of(ModelClient.class, RecordingListener.class,
      Switches.class, DynamoDbClient.class, Partita.class);

  @Override
  public void beforeAll(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    if (settings(testClass).lifecycle() == ModelTest.Lifecycle.PER_METHOD && !settings(testClass).restoreBeforeEach()
        .isEmpty()) {
      throw new ExtensionConfigurationException("@ModelTest(restoreBeforeEach) goes with lifecycle = PER_CLASS: with"
          + " PER_METHOD every test has a new database already");
    }
    if (settings(testClass).lifecycle() == ModelTest.Lifecycle.PER_CLASS) {
      // a @Nested class shares its outer class's database (the store looks up the outer scope), adding its fixtures
      TestDatabase db = database(context);
      fixtures(testClass, testClass.getAnnotation(Fixture.class), db != null ? db : open(context, testClass));
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    Class<?> testClass = context.getRequiredTestClass();
    TestDatabase db;
    if (settings(testClass).lifecycle() == ModelTest.Lifecycle.PER_METHOD) {
      db = open(context, testClass);
      for (Class<?> c : outerFirst(testClass)) {
        fixtures(testClass, c.getAnnotation(Fixture.class), db);
      }
    } else {
      db = database(context);
      String snapshot = settings(testClass).restoreBeforeEach();
      if (!snapshot.isEmpty()) {
        try {
          db.partita.restore(snapshot);
        } catch (IllegalArgumentException e) {
          throw new ExtensionConfigurationException("@ModelTest(restoreBeforeEach = \"" + snapshot + "\"): " + e.getMessage()
              + "; take it in @BeforeAll with partita.snapshot(\"" + snapshot + "\")");
        }
      }
    }
    db.quiet();
    fixtures(testClass, context.getRequiredTestMethod().getAnnotation(Fixture.class), db);
    db.arm();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    TestDatabase db = database(context);
    if (db != null) {
      db.quiet(); // an @AfterAll of a PER_CLASS test sees no switch a test left on (the next test starts quiet anyway)
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return PARAMETERS.contains(parameter.getParameter().getType());
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    TestDatabase db = database(context);
    if (db == null) {
      throw new ParameterResolutionException("@ModelTest opens its database before each test: a @BeforeAll"
          + " method gets one with @ModelTest(lifecycle = PER_CLASS)");
    }
    Class<?> type = parameter.getParameter().getType();
    return type == ModelClient.class ? db.client
        : type == RecordingListener.class ? db.requests
        : type == Switches.class ? db.switches
        : type == DynamoDbClient.class ? db.dynamo
        : db.partita;
  }

  private static TestDatabase database(ExtensionContext context) {
    return context.getStore(NAMESPACE).get(KEY, TestDatabase.class);
  }

  private static TestDatabase open(ExtensionContext context, Class<?> testClass) {
    TestDatabase db = new TestDatabase(model(testClass), settings(testClass));
    context.getStore(NAMESPACE).put(KEY, db);
    return db;
  }

  private static void fixtures(Class<?> testClass, Fixture fixture, TestDatabase db) {
    if (fixture != null) {
      for (String file : fixture.value()) {
        Fixtures.load(testClass, file, db.model, db.dynamo);
      }
    }
  }

  /** The {@link ModelTest} of the class, or of the class it is nested in. */
  private static ModelTest settings(Class<?> testClass) {
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      ModelTest t = c.getAnnotation(ModelTest.class);
      if (t != null) {
        return t;
      }
    }
    throw new ExtensionConfigurationException(testClass.getName() + " is not annotated @ModelTest");
  }

  /** The class and the classes it is nested in, outermost first: the order their fixtures load in. */
  private static List<Class<?>> outerFirst(Class<?> testClass) {
    List<Class<?>> out = new ArrayList<>();
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      out.add(0, c);
    }
    return out;
  }

  /** The value of the one static {@code Model} field marked {@link TestModel}, in the class, its superclasses or outer classes. */
  static Model model(Class<?> testClass) {
    List<Field> marked = new ArrayList<>();
    for (Class<?> outer = testClass; outer != null; outer = outer.getEnclosingClass()) {
      for (Class<?> c = outer; c != null && c != Object.class; c = c.getSuperclass()) {
        for (Field f : c.getDeclaredFields()) {
          if (f.isAnnotationPresent(TestModel.class)) {
            marked.add(f);
          }
        }
      }
      if (!marked.isEmpty()) {
        break; // the nearest class that has one decides
      }
    }
    if (marked.size() != 1) {
      throw new ExtensionConfigurationException(marked.isEmpty()
          ? testClass.getName() + " has no @TestModel field: add `@TestModel static final Model MODEL = ...;`"
          : testClass.getName() + " has " + marked.size() + " @TestModel fields, " + names(marked) + ": keep one");
    }
    Field f = marked.get(0);
    if (!Modifier.isStatic(f.getModifiers()) || f.getType() != Model.class) {
      throw new ExtensionConfigurationException("@TestModel " + f.getName() + " must be a static field of type"
          + " Model (the table is made before the test class has an instance)");
    }
    try {
      f.setAccessible(true);
      return Optional.ofNullable((Model) f.get(null)).orElseThrow(() -> new ExtensionConfigurationException(
          "@TestModel " + f.getName() + " is null"));
    } catch (IllegalAccessException e) {
      throw new ExtensionConfigurationException("@TestModel " + f.getName() + " cannot be read", e);
    }
  }

  private static List<String> names(List<Field> fields) {
    return fields.stream().map(f -> f.getDeclaringClass().getSimpleName() + "." + f.getName()).toList();
  }

}
