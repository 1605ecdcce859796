package dev.quipu.registry.mx;

import dev.quipu.registry.company.Listing;
import dev.quipu.registry.store.StoredRow;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A company's rows of SAT's lists, read as {@link Listing}s: one per procedure, older editions as its history. */
final class SatListings {

    static final String EFOS = "SAT Art. 69-B (EFOS)";
    static final String INCUMPLIDOS = "SAT Art. 69 (contribuyentes incumplidos)";
    static final String NAME_69B = "Nombre del Contribuyente";
    static final String SITUATION = "Situación del contribuyente";
    static final String PRESUMPTION = "Número y fecha de oficio global de presunción SAT";
    static final String NAME_69 = "RAZÓN SOCIAL";

    /** Per 69-B situation: the column of the SAT publication date of that stage and of its oficio. */
    private static final Map<String, String[]> STAGES = Map.of(
            "presunto", new String[]{"Publicación página SAT presuntos", PRESUMPTION},
            "desvirtuado", new String[]{"Publicación página SAT desvirtuados",
                    "Número y fecha de oficio global de contribuyentes que desvirtuaron SAT"},
            "definitivo", new String[]{"Publicación página SAT definitivos",
                    "Número y fecha de oficio global de definitivos SAT"},
            "sentencia favorable", new String[]{"Publicación página SAT sentencia favorable",
                    "Número y fecha de oficio global de sentencia favorable SAT"});
    private static final DateTimeFormatter DMY = DateTimeFormatter.ofPattern("d/M/uuuu");
    /** SAT appends court notes to some names: {@code "ABIRA & SAFFI …, S. DE R.L. DE C.V. // En cumplimiento a la sentencia…"}. */
    private static final String NOTE = " // ";

    private SatListings() {
    }

    /** The rows of one dataset grouped by edition, newest first (the order {@code Evidence.rows} gives). */
    static List<List<StoredRow>> editions(List<StoredRow> newestFirst) {
        Map<Long, List<StoredRow>> byLoad = new LinkedHashMap<>();
        for (StoredRow r : newestFirst) {
            byLoad.computeIfAbsent(r.load().id(), k -> new ArrayList<>()).add(r);
        }
        return List.copyOf(byLoad.values());
    }

    /** One listing per procedure of the newest edition; each with the same procedure in older editions. */
    static List<Listing> efos(String dataset, List<List<StoredRow>> editions) {
        List<Listing> out = new ArrayList<>();
        List<StoredRow> newest = editions.get(0);
        for (StoredRow row : newest) {
            List<Listing> history = new ArrayList<>();
            for (List<StoredRow> older : editions.subList(1, editions.size())) {
                older.stream().filter(o -> sameProcedure(row, o, newest.size(), older.size())).findFirst()
                        .ifPresent(o -> history.add(efos(dataset, o, List.of())));
            }
            out.add(efos(dataset, row, history));
        }
        return out;
    }

    private static Listing efos(String dataset, StoredRow row, List<Listing> history) {
        Map<String, String> f = row.fields();
        String situation = f.get(SITUATION);
        String[] stage = situation == null ? null : STAGES.get(situation.strip().toLowerCase(java.util.Locale.ROOT));
        LocalDate since = stage == null ? null : date(f.get(stage[0]));
        String reference = stage == null ? null : f.get(stage[1]);
        String note = note(f.get(NAME_69B));
        if (note != null) {
            reference = (reference == null ? "" : reference + "; ") + "SAT's note: " + note;
        }
        return new Listing(EFOS, dataset, situation, since, reference, row.load().cutOff(), List.copyOf(history));
    }

    /** The same procedure: the same presumption oficio, or the only row on both sides. */
    private static boolean sameProcedure(StoredRow a, StoredRow b, int newestRows, int olderRows) {
        String pa = a.fields().get(PRESUMPTION);
        String pb = b.fields().get(PRESUMPTION);
        if (pa != null && pb != null) {
            return pa.equals(pb);
        }
        return newestRows == 1 && olderRows == 1;
    }

    /** Art. 69: one listing per supuesto of the newest edition. */
    static List<Listing> incumplidos(String dataset, List<StoredRow> newest) {
        return newest.stream().map(r -> {
            Map<String, String> f = r.fields();
            String monto = f.get("MONTO");
            return new Listing(INCUMPLIDOS, dataset, f.get("SUPUESTO"), date(firstOf(f, "FECHAS DE PRIMERA PUBLICACIÓN",
                    "FECHA DE PRIMERA PUBLICACIÓN")), monto == null ? null : "monto " + monto, r.load().cutOff(), List.of());
        }).toList();
    }

    /** The name as SAT lists it, without a court note SAT appended. */
    static String name(String listed) {
        if (listed == null) {
            return null;
        }
        int at = listed.indexOf(NOTE);
        return (at < 0 ? listed : listed.substring(0, at)).strip();
    }

    private static String note(String listed) {
        if (listed == null) {
            return null;
        }
        int at = listed.indexOf(NOTE);
        return at < 0 ? null : listed.substring(at + NOTE.length()).strip();
    }

    static String firstOf(Map<String, String> f, String... names) {
        for (String n : names) {
            if (f.get(n) != null) {
                return f.get(n);
            }
        }
        return null;
    }

    static LocalDate date(String dmy) {
        if (dmy == null) {
            return null;
        }
        try {
            return LocalDate.parse(dmy.strip(), DMY);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
