package dev.quipu.registry.mx;

import jakarta.inject.Singleton;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.util.XMLHelper;
import org.apache.poi.xssf.eventusermodel.ReadOnlySharedStringsTable;
import org.apache.poi.xssf.eventusermodel.XSSFReader;
import org.apache.poi.xssf.eventusermodel.XSSFSheetXMLHandler;
import org.apache.poi.xssf.usermodel.XSSFComment;
import org.xml.sax.InputSource;
import org.xml.sax.XMLReader;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * INEGI's SCIAN México 2023 (the bundled {@code scian_2023_categorias_y_productos.xlsx}): code → title for
 * the five levels, one sheet each. No source loaded today carries SCIAN codes (SAT's lists have none); the
 * table is here for the sources that will. Titles lose SCIAN's trinational marker, a {@code T} glued to the
 * end of titles shared by Canada, the United States and Mexico ({@code "Cultivo de soyaT "}).
 */
@Singleton
public class ScianCatalogue {

    public static final String SCHEME = "SCIAN 2023";
    static final String RESOURCE = "registry/mx/scian/scian_2023_categorias_y_productos.xlsx";

    public enum Level { SECTOR, SUBSECTOR, RAMA, SUBRAMA, CLASE }

    private volatile Map<Level, Map<String, String>> titles;

    /** The title of a code of any level ({@code 11}, {@code 31-33}, {@code 111110}). */
    public Optional<String> title(String code) {
        for (Map<String, String> level : titles().values()) {
            String t = level.get(code.strip());
            if (t != null) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** The codes and titles of one level, in the workbook's order. */
    public Map<String, String> level(Level level) {
        return titles().get(level);
    }

    private Map<Level, Map<String, String>> titles() {
        Map<Level, Map<String, String>> t = titles;
        if (t == null) {
            synchronized (this) {
                if (titles == null) {
                    titles = read();
                }
                t = titles;
            }
        }
        return t;
    }

    private static Map<Level, Map<String, String>> read() {
        Map<Level, Map<String, String>> out = new EnumMap<>(Level.class);
        try (InputStream in = ScianCatalogue.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("no bundled resource " + RESOURCE);
            }
            try (OPCPackage pkg = OPCPackage.open(in)) {
                XSSFReader xssf = new XSSFReader(pkg);
                ReadOnlySharedStringsTable strings = new ReadOnlySharedStringsTable(pkg);
                XSSFReader.SheetIterator sheets = (XSSFReader.SheetIterator) xssf.getSheetsData();
                while (sheets.hasNext()) {
                    try (InputStream sheet = sheets.next()) {
                        Optional<Level> level = levelOf(sheets.getSheetName());
                        if (level.isPresent()) {
                            out.put(level.get(), Collections.unmodifiableMap(readSheet(sheet, strings, xssf)));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, String> readSheet(InputStream sheet, ReadOnlySharedStringsTable strings, XSSFReader xssf)
            throws Exception {
        Map<String, String> codes = new LinkedHashMap<>();
        XMLReader parser = XMLHelper.newXMLReader();
        parser.setContentHandler(new XSSFSheetXMLHandler(xssf.getStylesTable(), strings, new Rows(codes),
                new DataFormatter(), false));
        parser.parse(new InputSource(sheet));
        return codes;
    }

    private static Optional<Level> levelOf(String sheetName) {
        for (Level l : Level.values()) {
            if (l.name().equalsIgnoreCase(sheetName.strip())) {
                return Optional.of(l);
            }
        }
        return Optional.empty();
    }

    /** Strips the trinational marker: a {@code T} right after a lower-case letter or a closing sign, at the end. */
    static String cleanTitle(String raw) {
        String t = raw.strip();
        if (t.length() > 1 && t.endsWith("T") && !Character.isUpperCase(t.charAt(t.length() - 2))) {
            t = t.substring(0, t.length() - 1).strip();
        }
        return t;
    }

    /** Column A a code (numeric cells formatted as integers, or the sector ranges as text), column B its title. */
    private static final class Rows implements XSSFSheetXMLHandler.SheetContentsHandler {
        private final Map<String, String> codes;
        private String code;
        private String title;

        Rows(Map<String, String> codes) {
            this.codes = codes;
        }

        @Override
        public void startRow(int rowNum) {
            code = null;
            title = null;
        }

        @Override
        public void endRow(int rowNum) {
            if (code != null && title != null && code.matches("\\d{2,6}|\\d{2}-\\d{2}")) {
                codes.put(code, cleanTitle(title));
            }
        }

        @Override
        public void cell(String ref, String value, XSSFComment comment) {
            if (ref == null || value == null) {
                return;
            }
            String v = value.strip();
            if (ref.startsWith("A") && Character.isDigit(ref.charAt(1))) {
                code = v.endsWith(".0") ? v.substring(0, v.length() - 2) : v;
            } else if (ref.startsWith("B") && Character.isDigit(ref.charAt(1)) && !v.isEmpty()) {
                title = v;
            }
        }
    }
}
