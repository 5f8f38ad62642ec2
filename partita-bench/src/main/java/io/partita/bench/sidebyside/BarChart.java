package io.partita.bench.sidebyside;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Grouped bar charts on a logarithmic scale, drawn with Java2D (headless) into a PNG: one panel per
 * thread count, the phases along x, one bar per target.
 */
final class BarChart {
  private BarChart() {}

  /** One panel: a title and, per series, one value per group (NaN: no bar). */
  record Panel(String title, List<String> groups, Map<String, double[]> series) {}

  private static final int PANEL_HEIGHT = 330;
  private static final int WIDTH = 1400;
  private static final int LEFT = 90;
  private static final int RIGHT = 20;

  static Color color(String series) {
    return switch (series) {
      case "partita-embedded-mem", "partita-server-mem" -> new Color(0x1f5fa8);
      case "partita-embedded-disk", "partita-server-disk" -> new Color(0x6ea8dc);
      case "dynalite-server-mem" -> new Color(0xd9661f);
      case "dynalite-server-disk" -> new Color(0xf2b279);
      default -> Color.GRAY;
    };
  }

  static void draw(Path file, String title, String unit, List<Panel> panels) throws IOException {
    int legendHeight = 40;
    int height = 50 + legendHeight + panels.size() * PANEL_HEIGHT;
    BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, WIDTH, height);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
    g.drawString(title, LEFT, 30);
    // legend: every series of the first panel
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    int x = LEFT;
    for (String s : panels.get(0).series().keySet()) {
      g.setColor(color(s));
      g.fillRect(x, 45, 14, 14);
      g.setColor(Color.BLACK);
      g.drawString(s, x + 20, 57);
      x += 40 + g.getFontMetrics().stringWidth(s);
    }
    int top = 50 + legendHeight;
    for (Panel panel : panels) {
      drawPanel(g, panel, unit, top);
      top += PANEL_HEIGHT;
    }
    g.dispose();
    ImageIO.write(img, "png", file.toFile());
  }

  private static void drawPanel(Graphics2D g, Panel panel, String unit, int top) {
    int plotTop = top + 25;
    int plotBottom = top + PANEL_HEIGHT - 55;
    int plotLeft = LEFT;
    int plotRight = WIDTH - RIGHT;
    double min = Double.MAX_VALUE;
    double max = 0;
    for (double[] values : panel.series().values()) {
      for (double v : values) {
        if (v > 0 && !Double.isNaN(v)) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      }
    }
    if (max == 0) {
      return;
    }
    double lo = Math.floor(Math.log10(min));
    double hi = Math.ceil(Math.log10(max));
    if (hi == lo) {
      hi = lo + 1;
    }
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    g.drawString(panel.title(), plotLeft, top + 15);
    // grid lines at powers of ten and at 2x and 5x
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    FontMetrics fm = g.getFontMetrics();
    for (double e = lo; e <= hi; e++) {
      for (int m : new int[] {1, 2, 5}) {
        double v = m * Math.pow(10, e);
        if (Math.log10(v) > hi + 1e-9) {
          continue;
        }
        int y = yOf(v, lo, hi, plotTop, plotBottom);
        g.setColor(m == 1 ? new Color(0xbbbbbb) : new Color(0xe6e6e6));
        g.drawLine(plotLeft, y, plotRight, y);
        if (m == 1 || hi - lo <= 3) {
          g.setColor(Color.DARK_GRAY);
          String label = human(v);
          g.drawString(label, plotLeft - 6 - fm.stringWidth(label), y + 4);
        }
      }
    }
    AffineTransform saved = g.getTransform();
    g.setColor(Color.DARK_GRAY);
    g.rotate(-Math.PI / 2);
    g.drawString(unit + " (log)", -(plotTop + plotBottom) / 2 - fm.stringWidth(unit) / 2, 22);
    g.setTransform(saved);
    List<String> groups = panel.groups();
    int n = panel.series().size();
    double groupWidth = (plotRight - plotLeft) / (double) groups.size();
    double barWidth = groupWidth * 0.8 / n;
    for (int gi = 0; gi < groups.size(); gi++) {
      double gx = plotLeft + gi * groupWidth + groupWidth * 0.1;
      int si = 0;
      for (Map.Entry<String, double[]> e : panel.series().entrySet()) {
        double v = e.getValue()[gi];
        if (v > 0 && !Double.isNaN(v)) {
          int y = yOf(v, lo, hi, plotTop, plotBottom);
          g.setColor(color(e.getKey()));
          g.fillRect((int) (gx + si * barWidth), y, Math.max(1, (int) barWidth - 2), plotBottom - y);
          g.setColor(Color.BLACK);
          g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
          String label = human(v);
          int lw = g.getFontMetrics().stringWidth(label);
          if (lw < barWidth + 6) {
            g.drawString(label, (int) (gx + si * barWidth + (barWidth - 2 - lw) / 2), y - 3);
          }
        }
        si++;
      }
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
      String label = groups.get(gi);
      int lw = g.getFontMetrics().stringWidth(label);
      g.drawString(label, (int) (gx + groupWidth * 0.4 - lw / 2.0), plotBottom + 18);
    }
    g.setColor(Color.BLACK);
    g.setStroke(new BasicStroke(1));
    g.drawLine(plotLeft, plotBottom, plotRight, plotBottom);
    g.drawLine(plotLeft, plotTop, plotLeft, plotBottom);
  }

  private static int yOf(double v, double lo, double hi, int top, int bottom) {
    double f = (Math.log10(v) - lo) / (hi - lo);
    return (int) Math.round(bottom - f * (bottom - top));
  }

  static String human(double v) {
    if (v >= 1e6) {
      return trim(v / 1e6) + "M";
    }
    if (v >= 1e3) {
      return trim(v / 1e3) + "k";
    }
    return trim(v);
  }

  /** Two significant digits below 100, none after the point at or above. */
  private static String trim(double v) {
    if (v >= 100) {
      return String.format("%.0f", v);
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
  }
}
