package dev.quipu.registry.co;

import dev.quipu.registry.company.CompanyStatus;

import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.quipu.registry.co.RuesFields.*;

/**
 * One RUES row: one matrícula in one chamber of commerce. A NIT may have several (a branch's or an
 * agency's matrícula in another city, a matrícula cancelled after a move), so the rows are ordered by
 * which describes the company best: an active one first, then the principal (not a branch, agency or
 * establishment), then the most recently renewed.
 */
record RuesMatricula(Map<String, String> fields) {

    private static final Pattern BASIC = Pattern.compile("^(\\d{4})(\\d{2})(\\d{2})$");
    private static final Pattern ISO = Pattern.compile("^(\\d{4})[-/](\\d{2})[-/](\\d{2})(?:[T ].*)?$");
    /** The date format of a Socrata CSV export: {@code 03/05/2019 12:00:00 AM}. */
    private static final Pattern US = Pattern.compile("^(\\d{2})/(\\d{2})/(\\d{4})(?: .*)?$");

    static final Comparator<RuesMatricula> PREFERENCE = Comparator
            .comparing((RuesMatricula m) -> !CompanyStatus.ACTIVE.equals(m.status().normalised()))
            .thenComparing(m -> !m.principal())
            .thenComparing(RuesMatricula::renewed, Comparator.nullsLast(Comparator.reverseOrder()))
            .thenComparing(RuesMatricula::registered, Comparator.nullsLast(Comparator.reverseOrder()));

    static List<RuesMatricula> ordered(List<Map<String, String>> rows) {
        return rows.stream().map(RuesMatricula::new).sorted(PREFERENCE).toList();
    }

    String get(String field) {
        String v = fields.get(field);
        return v == null || v.isBlank() ? null : v.strip();
    }

    Optional<String> nitBody() {
        return NitBody.of(get(NIT));
    }

    boolean naturalPerson() {
        return RuesStatus.plain(get(LEGAL_ORGANISATION)).contains("PERSONA NATURAL")
                || RuesStatus.plain(get(CATEGORY)).contains("PERSONA NATURAL");
    }

    /** Not a branch's, agency's or establishment's matrícula. */
    boolean principal() {
        String c = RuesStatus.plain(get(CATEGORY));
        return !(c.contains("SUCURSAL") || c.contains("AGENCIA") || c.contains("ESTABLECIMIENTO"));
    }

    CompanyStatus status() {
        return RuesStatus.of(get(STATUS), get(STATUS_CODE), naturalPerson(), cancelled());
    }

    LocalDate registered() {
        return date(get(REGISTERED));
    }

    LocalDate renewed() {
        return date(get(RENEWED));
    }

    LocalDate cancelled() {
        return date(get(CANCELLED));
    }

    LocalDate updated() {
        return date(get(UPDATED));
    }

    Integer renewedThrough() {
        String y = get(RENEWED_THROUGH);
        if (y == null || !y.matches("\\d{4}") || y.equals("0000")) {
            return null;
        }
        return Integer.valueOf(y);
    }

    /**
     * The registry's chamber in words: {@code camara_comercio} holds the chamber's own name ({@code BOGOTA},
     * {@code MEDELLIN PARA ANTIOQUIA}), so the words "Cámara de Comercio de" are put before it.
     */
    String chamber() {
        String name = get(CHAMBER);
        if (name == null) {
            return get(CHAMBER_CODE) == null ? null : "Cámara de Comercio (código " + get(CHAMBER_CODE) + ")";
        }
        return RuesStatus.plain(name).startsWith("CAMARA") ? name : "Cámara de Comercio de " + name;
    }

    /** RUES dates: {@code 20190305} as the API and the export write them; ISO and the export's {@code MM/dd/yyyy} too. */
    static LocalDate date(String raw) {
        if (raw == null) {
            return null;
        }
        String s = raw.strip();
        try {
            Matcher m = BASIC.matcher(s);
            if (m.matches()) {
                return LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            }
            m = ISO.matcher(s);
            if (m.matches()) {
                return LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
            }
            m = US.matcher(s);
            if (m.matches()) {
                return LocalDate.of(Integer.parseInt(m.group(3)), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
            }
        } catch (java.time.DateTimeException e) {
            // 00000000 and other impossible dates: no date
            return null;
        }
        return null;
    }
}
