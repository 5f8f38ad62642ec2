package io.partita.server.tables;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Evaluates the few intrinsic functions whose value a template itself gives: {@code Ref} to a parameter with a
 * {@code Default}, {@code Ref AWS::Region} (the server's region), {@code Fn::Sub} and {@code Fn::Join} over those.
 * Anything else ({@code AWS::StackName}, {@code AWS::AccountId}, another resource's attribute, a condition) has no
 * value before a stack exists: {@link #resolve} answers null, and the caller refuses the property or applies its
 * documented rule.
 */
final class Resolver {
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]*)}");
  private final Map<String, Object> parameters;
  private final String region;

  Resolver(Map<String, Object> parameters, String region) {
    this.parameters = parameters;
    this.region = region;
  }

  static Resolver none(String region) {
    return new Resolver(Map.of(), region);
  }

  /** The value of {@code v} (a literal or an intrinsic) as text, or null when it has none here. */
  String resolve(Object v) {
    if (v instanceof String s) {
      return s;
    }
    if (v instanceof Number || v instanceof Boolean) {
      return v.toString();
    }
    if (!(v instanceof Map<?, ?> m) || m.size() != 1) {
      return null;
    }
    Map.Entry<?, ?> e = m.entrySet().iterator().next();
    Object arg = e.getValue();
    return switch (e.getKey().toString()) {
      case "Ref" -> arg instanceof String name ? variable(name, Map.of()) : null;
      case "Fn::Sub" -> sub(arg);
      case "Fn::Join" -> join(arg);
      default -> null;
    };
  }

  private String variable(String name, Map<?, ?> locals) {
    if (locals.containsKey(name)) {
      return resolve(locals.get(name));
    }
    if (name.equals("AWS::Region")) {
      return region;
    }
    if (parameters.get(name) instanceof Map<?, ?> p && p.get("Default") != null) {
      return resolve(p.get("Default"));
    }
    return null;
  }

  private String sub(Object arg) {
    String template;
    Map<?, ?> locals = Map.of();
    if (arg instanceof String s) {
      template = s;
    } else if (arg instanceof List<?> l && l.size() == 2 && l.get(0) instanceof String s && l.get(1) instanceof Map<?, ?> vars) {
      template = s;
      locals = vars;
    } else {
      return null;
    }
    StringBuilder out = new StringBuilder();
    Matcher m = VARIABLE.matcher(template);
    int last = 0;
    while (m.find()) {
      out.append(template, last, m.start());
      String name = m.group(1);
      if (name.startsWith("!")) {
        out.append("${").append(name.substring(1)).append('}'); // ${!Literal} is written as ${Literal}
      } else {
        String value = variable(name.strip(), locals);
        if (value == null) {
          return null;
        }
        out.append(value);
      }
      last = m.end();
    }
    return out.append(template.substring(last)).toString();
  }

  private String join(Object arg) {
    if (!(arg instanceof List<?> l) || l.size() != 2 || !(l.get(0) instanceof String sep) || !(l.get(1) instanceof List<?> parts)) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < parts.size(); i++) {
      String part = resolve(parts.get(i));
      if (part == null) {
        return null;
      }
      out.append(i == 0 ? "" : sep).append(part);
    }
    return out.toString();
  }
}
