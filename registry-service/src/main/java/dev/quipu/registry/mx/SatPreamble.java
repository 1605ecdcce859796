package dev.quipu.registry.mx;

import dev.quipu.registry.load.CutOff;

import java.io.BufferedReader;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines SAT puts before a list's header (a legend "Información actualizada al 30 de noviembre de 2022",
 * a title), read up to and including the header, which is found by its content: SAT has changed the number
 * of preamble lines between editions.
 *
 * @param header the header line as written
 * @param cutOff the legend's date, or unknown when the file has no legend
 */
record SatPreamble(String header, CutOff cutOff) {

    private static final Pattern LEGEND = Pattern.compile(
            "actualizad[ao]s? al\\s+(\\d{1,2})\\s+de\\s+(\\p{L}+)\\s+(?:de|del)\\s+(\\d{4})", Pattern.CASE_INSENSITIVE);
    private static final Map<String, Integer> MONTHS = Map.ofEntries(Map.entry("enero", 1), Map.entry("febrero", 2),
            Map.entry("marzo", 3), Map.entry("abril", 4), Map.entry("mayo", 5), Map.entry("junio", 6),
            Map.entry("julio", 7), Map.entry("agosto", 8), Map.entry("septiembre", 9), Map.entry("setiembre", 9),
            Map.entry("octubre", 10), Map.entry("noviembre", 11), Map.entry("diciembre", 12));
    /** SAT never puts more than a few lines before the header; a file without one is not SAT's list. */
    private static final int MAX_PREAMBLE = 20;

    static SatPreamble read(BufferedReader reader, Predicate<String> isHeader, String what) throws IOException {
        CutOff cutOff = CutOff.unknown();
        for (int n = 0; n <= MAX_PREAMBLE; n++) {
            String line = reader.readLine();
            if (line == null) {
                break;
            }
            line = stripBom(line);
            if (isHeader.test(line)) {
                return new SatPreamble(line, cutOff);
            }
            cutOff = cutOff.or(legend(line));
        }
        throw new IOException("no " + what + " header within the first " + MAX_PREAMBLE + " lines: not SAT's file");
    }

    /** The date of a legend line ("Información actualizada al 30 de noviembre de 2022"), or unknown. */
    static CutOff legend(String line) {
        Matcher m = LEGEND.matcher(line);
        if (!m.find()) {
            return CutOff.unknown();
        }
        Integer month = MONTHS.get(m.group(2).toLowerCase(Locale.ROOT));
        if (month == null) {
            return CutOff.unknown();
        }
        try {
            LocalDate date = LocalDate.of(Integer.parseInt(m.group(3)), month, Integer.parseInt(m.group(1)));
            return new CutOff(date, "legend \"" + line.substring(0, m.end()).replaceAll("[,\\s]+$", "").strip() + "\"");
        } catch (DateTimeException e) {
            return CutOff.unknown();
        }
    }

    static String stripBom(String line) {
        return line.startsWith("\uFEFF") ? line.substring(1) : line;
    }
}
