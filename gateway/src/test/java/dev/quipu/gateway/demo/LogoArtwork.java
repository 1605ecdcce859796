package dev.quipu.gateway.demo;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;

/**
 * Draws the logo committed as {@code src/main/resources/quipu-static/logo.png}: a quipu, the Andean
 * record of knotted cords, on a rounded tile. Run it to redraw the file:
 * {@code java gateway/src/test/java/dev/quipu/gateway/demo/LogoArtwork.java gateway/src/main/resources/quipu-static/logo.png}
 */
public final class LogoArtwork {

    private static final Color TILE = new Color(0x0B, 0x3D, 0x3A);
    private static final Color MAIN_CORD = new Color(0xF4, 0xE9, 0xD8);
    private static final Color[] CORDS = {
        new Color(0xF2, 0xB1, 0x34), new Color(0xE4, 0x5B, 0x3C), new Color(0x5F, 0xC9, 0xB8),
        new Color(0xF4, 0xE9, 0xD8), new Color(0xF2, 0xB1, 0x34)};
    /** Knots per cord, read top down, like a quipu's decimal places. */
    private static final int[][] KNOTS = {{1, 3}, {2, 0, 4}, {4, 2}, {1, 1, 2}, {3}};

    private LogoArtwork() {
    }

    public static BufferedImage draw(int size) {
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        double u = size / 256.0;
        g.setColor(TILE);
        g.fill(new RoundRectangle2D.Double(8 * u, 8 * u, 240 * u, 240 * u, 56 * u, 56 * u));

        double top = 62 * u;
        g.setColor(MAIN_CORD);
        g.setStroke(new BasicStroke((float) (10 * u), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        Path2D main = new Path2D.Double();
        main.moveTo(36 * u, top + 8 * u);
        main.curveTo(80 * u, top - 10 * u, 176 * u, top - 10 * u, 220 * u, top + 8 * u);
        g.draw(main);

        for (int i = 0; i < CORDS.length; i++) {
            double x = (64 + i * 32) * u;
            double start = top + 2 * u;
            double end = (196 + (i % 2 == 0 ? 12 : -4)) * u;
            g.setColor(CORDS[i]);
            g.setStroke(new BasicStroke((float) (6 * u), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            Path2D cord = new Path2D.Double();
            cord.moveTo(x, start);
            cord.curveTo(x - 4 * u, start + 50 * u, x + 4 * u, end - 50 * u, x, end);
            g.draw(cord);
            int[] places = KNOTS[i];
            for (int p = 0; p < places.length; p++) {
                double y = start + (36 + p * 40) * u;
                for (int k = 0; k < places[p]; k++) {
                    double ky = y + k * 9 * u;
                    g.fill(new Ellipse2D.Double(x - 7 * u, ky - 4.5 * u, 14 * u, 9 * u));
                }
            }
        }
        g.dispose();
        return image;
    }

    public static void main(String[] args) throws IOException {
        File target = new File(args.length > 0 ? args[0] : "logo.png");
        ImageIO.write(draw(256), "png", target);
    }
}
