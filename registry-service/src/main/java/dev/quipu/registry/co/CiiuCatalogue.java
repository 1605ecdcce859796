package dev.quipu.registry.co;

import dev.quipu.registry.company.Activity;
import jakarta.inject.Singleton;
import org.apache.poi.hssf.usermodel.HSSFWorkbook;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DANE's CIIU Rev. 4 A.C. (the 2020 revision of the Colombian adaptation of ISIC Rev. 4): class code to
 * description, read from DANE's own XLS ({@code registry/co/ciiu/EstructuraDetalladaCIIU_4AC.xls}), with
 * the sections, divisions and groups it also lists. The sheet stores codes below 1000 as text with their
 * leading zero ({@code '0111'}) and the others as numbers ({@code 9900.0}); descriptions carry trailing spaces.
 */
@Singleton
public class CiiuCatalogue {

    public static final String SCHEME = "CIIU Rev. 4 A.C.";
    static final String RESOURCE = "registry/co/ciiu/EstructuraDetalladaCIIU_4AC.xls";

    /** {@code B0610 - Extracción de petróleo crudo}, {@code 0610}, {@code 610}: an optional section letter, then the class. */
    private static final Pattern CODE = Pattern.compile("^\\s*([A-Ua-u])?\\s*(\\d{3,4})(?:\\.0)?(?:\\s*-.*)?\\s*$", Pattern.DOTALL);
    private static final Pattern SECTION = Pattern.compile("^SECCI[ÓO]N\\s+([A-U])\\s*$");

    private final Map<String, String> classes = new HashMap<>();
    private final Map<String, String> groups = new HashMap<>();
    private final Map<String, String> divisions = new HashMap<>();
    private final Map<String, String> sections = new HashMap<>();
    /** Class code → its section letter, from the sheet's order (a section's rows follow its heading). */
    private final Map<String, String> sectionOfClass = new HashMap<>();

    public CiiuCatalogue() {
        try (InputStream in = CiiuCatalogue.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no bundled CIIU table " + RESOURCE);
            }
            read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read DANE's CIIU table " + RESOURCE, e);
        }
    }

    private void read(InputStream in) throws IOException {
        try (HSSFWorkbook wb = new HSSFWorkbook(in)) {
            Sheet sheet = wb.getSheetAt(0);
            String section = null;
            for (Row row : sheet) {
                String description = text(row.getCell(3));
                if (description.isEmpty()) {
                    continue;
                }
                String first = text(row.getCell(0));
                Matcher s = SECTION.matcher(first.toUpperCase(Locale.ROOT));
                if (s.matches()) {
                    section = s.group(1);
                    sections.put(section, description);
                    continue;
                }
                code(row.getCell(0), 2).ifPresent(d -> divisions.put(d, description));
                code(row.getCell(1), 3).ifPresent(g -> groups.put(g, description));
                Optional<String> clazz = code(row.getCell(2), 4);
                if (clazz.isPresent()) {
                    classes.put(clazz.get(), description);
                    if (section != null) {
                        sectionOfClass.put(clazz.get(), section);
                    }
                }
            }
        }
    }

    /** A code cell: text with its leading zero, or a number; {@code width} digits once padded. */
    private static Optional<String> code(Cell cell, int width) {
        if (cell == null) {
            return Optional.empty();
        }
        String digits;
        if (cell.getCellType() == CellType.NUMERIC) {
            digits = Long.toString((long) cell.getNumericCellValue());
        } else if (cell.getCellType() == CellType.STRING) {
            digits = cell.getStringCellValue().strip();
        } else {
            return Optional.empty();
        }
        if (digits.isEmpty() || digits.length() > width || !digits.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        return Optional.of("0".repeat(width - digits.length()) + digits);
    }

    private static String text(Cell cell) {
        if (cell == null || cell.getCellType() != CellType.STRING) {
            return "";
        }
        return cell.getStringCellValue().strip();
    }

    /** The four-digit class code in a registry's writing of it ({@code B0610 - …}, {@code 0610}, {@code 610}), or empty. */
    public static Optional<String> classCode(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        Matcher m = CODE.matcher(raw);
        if (!m.matches()) {
            return Optional.empty();
        }
        String digits = m.group(2);
        return Optional.of(digits.length() == 3 ? "0" + digits : digits);
    }

    /** DANE's description of a class, or empty when the class is not in the table. */
    public Optional<String> description(String classCode) {
        return Optional.ofNullable(classes.get(classCode));
    }

    /** The section letter of a class ({@code B} for 0610). */
    public Optional<String> section(String classCode) {
        return Optional.ofNullable(sectionOfClass.get(classCode));
    }

    public Optional<String> sectionTitle(String letter) {
        return Optional.ofNullable(sections.get(letter));
    }

    public Optional<String> division(String twoDigits) {
        return Optional.ofNullable(divisions.get(twoDigits));
    }

    public Optional<String> group(String threeDigits) {
        return Optional.ofNullable(groups.get(threeDigits));
    }

    public int classCount() {
        return classes.size();
    }

    public int groupCount() {
        return groups.size();
    }

    public int divisionCount() {
        return divisions.size();
    }

    public int sectionCount() {
        return sections.size();
    }

    /**
     * The activity a registry's code stands for, its description from DANE's table (null when the class is
     * not there: the registry's own wording is not used, so that every description is the official one).
     */
    public Optional<Activity> activity(String raw, boolean primary) {
        return classCode(raw).map(code -> new Activity(code, SCHEME, classes.get(code), primary));
    }
}
