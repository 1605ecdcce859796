package dev.quipu.registry.cl;

import java.text.Normalizer;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reading SII's nómina by its column names, which SII writes with accents and varying wording. */
final class SiiNomina {

    private static final List<DateTimeFormatter> DATES = List.of(DateTimeFormatter.ofPattern("dd-MM-uuuu"),
            DateTimeFormatter.ofPattern("dd/MM/uuuu"), DateTimeFormatter.ISO_LOCAL_DATE);

    private SiiNomina() {
    }

    /** Lower case, accents and punctuation dropped: {@code "Fecha término de giro"} → {@code "fecha termino de giro"}. */
    static String plain(String name) {
        String n = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        return n.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").strip();
    }

    /** The index of the column named exactly {@code plain}, or -1. */
    static int column(List<String> header, String plain) {
        for (int i = 0; i < header.size(); i++) {
            if (plain(header.get(i)).equals(plain)) {
                return i;
            }
        }
        return -1;
    }

    /** The value of the first field whose plain name holds every one of {@code words} and none of {@code not}. */
    static String field(Map<String, String> fields, List<String> words, List<String> not) {
        for (Map.Entry<String, String> e : fields.entrySet()) {
            List<String> name = List.of(plain(e.getKey()).split(" "));
            if (name.containsAll(words) && not.stream().noneMatch(name::contains)) {
                return e.getValue();
            }
        }
        return null;
    }

    static String field(Map<String, String> fields, String... words) {
        return field(fields, List.of(words), List.of());
    }

    static LocalDate date(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        for (DateTimeFormatter f : DATES) {
            try {
                return LocalDate.parse(value.strip(), f);
            } catch (DateTimeParseException e) {
                // the next form
            }
        }
        return null;
    }
}
