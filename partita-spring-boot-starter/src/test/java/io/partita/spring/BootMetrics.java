package io.partita.spring;

import java.util.ArrayList;
import java.util.List;

/** Spring Boot's metrics auto-configurations by the names of the line on the class path (4.x, else 3.x). */
final class BootMetrics {
  private BootMetrics() {}

  static List<Class<?>> autoConfigurations() throws ClassNotFoundException {
    String boot4 = "org.springframework.boot.micrometer.metrics.autoconfigure.";
    String boot3 = "org.springframework.boot.actuate.autoconfigure.metrics.";
    String base = present(boot4 + "MetricsAutoConfiguration") ? boot4 : boot3;
    List<Class<?>> out = new ArrayList<>();
    for (String name : List.of("MetricsAutoConfiguration", "CompositeMeterRegistryAutoConfiguration",
        "export.simple.SimpleMetricsExportAutoConfiguration")) {
      out.add(Class.forName(base + name));
    }
    return out;
  }

  private static boolean present(String name) {
    try {
      Class.forName(name);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
