package dev.quipu.sanctions.lists;

import com.github.miachm.sods.Range;
import com.github.miachm.sods.Sheet;
import com.github.miachm.sods.SpreadSheet;
import io.micronaut.core.annotation.Nullable;

import java.io.ByteArrayInputStream;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The FCDO UK Sanctions List as its ODS summary export (one sheet, one row per designation: Unique
 * ID, OFSI Group ID, Name, Regime Name, Type, Designation source, Date Designated, Sanctions Imposed),
 * read with SODS. It is the complete list of designations but gives one name per designation; the
 * OFSI Group ID lets {@link UkListJoin} add OFSI's aliases and details.
 */
public final class FcdoOdsParser {

    private static final Pattern DATE = Pattern.compile("(\\d{1,2})[-/](\\d{1,2})[-/](\\d{4})");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    /**
     * One row: a designation with the OFSI Group ID it carries (null for most ships and
     * non-asset-freeze measures). Two rows of 2025-11-19 have a blank Name; OFSI names them.
     */
    public record Designation(String uniqueId, @Nullable String ofsiGroupId, @Nullable String name, EntityType type,
                              @Nullable String regime, @Nullable String listedOn) {
    }

    public List<Designation> parse(byte[] ods) {
        Object[][] cells;
        try {
            SpreadSheet book = new SpreadSheet(new ByteArrayInputStream(ods));
            if (book.getNumSheets() == 0) {
                throw new ListFormatException("ODS without a sheet");
            }
            Sheet sheet = book.getSheet(0);
            Range data = sheet.getDataRange();
            cells = data.getValues();
        } catch (ListFormatException e) {
            throw e;
        } catch (Exception e) {
            // SODS reports a truncated or non-ODS file with several checked and unchecked exceptions
            throw new ListFormatException("not a readable ODS file: " + e, e);
        }
        if (cells.length == 0) {
            throw new ListFormatException("the UK Sanctions List sheet is empty");
        }
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < cells[0].length; i++) {
            String h = text(cells[0][i]);
            if (h != null) {
                col.put(h, i);
            }
        }
        for (String required : List.of("Unique ID", "Name", "Type")) {
            if (!col.containsKey(required)) {
                throw new ListFormatException("not the UK Sanctions List summary: no column '" + required + "'");
            }
        }
        List<Designation> out = new ArrayList<>(cells.length);
        for (int r = 1; r < cells.length; r++) {
            Object[] row = cells[r];
            String id = cell(row, col, "Unique ID");
            if (id == null) {
                continue;
            }
            String name = cell(row, col, "Name");
            out.add(new Designation(id, cell(row, col, "OFSI Group ID"), name == null ? null : SPACES.matcher(name).replaceAll(" "),
                    type(cell(row, col, "Type")), cell(row, col, "Regime Name"), date(cell(row, col, "Date Designated")).orElse(null)));
        }
        return out;
    }

    private static EntityType type(@Nullable String type) {
        return type == null ? EntityType.UNKNOWN : switch (type.toLowerCase(Locale.ROOT)) {
            case "individual" -> EntityType.PERSON;
            case "entity" -> EntityType.ORGANIZATION;
            case "ship" -> EntityType.VESSEL;
            default -> EntityType.UNKNOWN;
        };
    }

    /** "29-06-2012" (as exported) or "29/06/2012" to ISO. */
    static Optional<String> date(@Nullable String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = DATE.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        return PartialDate.parseIso(m.group(3) + "-" + m.group(2) + "-" + m.group(1)).map(PartialDate::toString);
    }

    private static String cell(Object[] row, Map<String, Integer> col, String name) {
        Integer i = col.get(name);
        return i == null || i >= row.length ? null : text(row[i]);
    }

    /** Cell values as text: ids typed as numbers lose no ".0", typed dates become dd/mm/yyyy like the text ones. */
    private static String text(Object value) {
        if (value == null) {
            return null;
        }
        String t;
        if (value instanceof Double d && d == Math.rint(d)) {
            t = Long.toString(d.longValue());
        } else if (value instanceof LocalDateTime dt) {
            t = String.format("%02d/%02d/%04d", dt.getDayOfMonth(), dt.getMonthValue(), dt.getYear());
        } else if (value instanceof LocalDate d) {
            t = String.format("%02d/%02d/%04d", d.getDayOfMonth(), d.getMonthValue(), d.getYear());
        } else {
            t = value.toString();
        }
        t = t.trim();
        return t.isEmpty() ? null : t;
    }
}
