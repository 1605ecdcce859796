package dev.quipu.sanctions.lists;

import dev.quipu.sanctions.wallets.WalletAddress;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the structured facts OFAC packs into the free-text Remarks of sdn.csv / cons_prim.csv
 * ({@code "; "}-separated phrases): dates and places of birth, nationality and citizenship,
 * gender, identifiers, digital-currency addresses and weak aliases ({@code a.k.a. 'BNC'}).
 */
public final class OfacRemarks {

    /** Identifier labels as OFAC prints them, longest first so "National ID No." wins over "ID". */
    private static final List<String> ID_LABELS = List.of(
            "Vessel Registration Identification IMO", "Aircraft Manufacturer's Serial Number (MSN)",
            "Aircraft Manufacturer’s Serial Number (MSN)", "Business Registration Document #",
            "Certificate of Incorporation Number", "Commercial Registry Number", "Public Registration Number",
            "Business Registration Number", "Government Gazette Number", "Matricula Mercantil No",
            "Citizen's Card Number", "Personal ID Card", "Residency Number", "Legal Entity Number",
            "Registration Number", "Registration ID", "Identification Number", "Driver's License No.",
            "Travel Document Number", "Electoral Registry No.", "Credencial electoral", "Chinese Commercial Code",
            "National Foreign ID Number", "National ID No.", "Tax ID No.", "Kenyan ID No.", "Trade License No.",
            "UK Company Number", "Company Number", "Aircraft Tail Number", "Aircraft Serial Identification",
            "D-U-N-S Number", "Immigration No.", "Refugee ID Card", "Identification Card", "Tarjeta Profesional",
            "Cedula No.", "C.U.R.P.", "R.F.C.", "NIT #", "RUC #", "RIF #", "SWIFT/BIC", "C.I.F.", "CUIT",
            "CURP", "RFC", "DNI", "MMSI", "Passport", "IMO");

    private static final Map<String, Integer> MONTHS = Map.ofEntries(
            Map.entry("JAN", 1), Map.entry("FEB", 2), Map.entry("MAR", 3), Map.entry("APR", 4), Map.entry("MAY", 5),
            Map.entry("JUN", 6), Map.entry("JUL", 7), Map.entry("AUG", 8), Map.entry("SEP", 9), Map.entry("OCT", 10),
            Map.entry("NOV", 11), Map.entry("DEC", 12));

    private static final Pattern DATE = Pattern.compile("(?:(\\d{1,2}) )?(?:([A-Za-z]{3})[a-z]* )?(\\d{4})");
    private static final Pattern WALLET = Pattern.compile("Digital Currency Address - ([A-Za-z0-9]+) ([A-Za-z0-9]+)");
    private static final Pattern WEAK_ALIAS = Pattern.compile("^[anf]\\.k\\.a\\.,? '(.+)'\\.?$");
    private static final Pattern PHRASE = Pattern.compile(";\\s+");
    private static final Pattern NUMBER_WORD = Pattern.compile("^(No\\.|#|Number)\\s*");
    private static final Pattern VALUE_END = Pattern.compile(",| issued| expires| \\(");
    private static final Pattern TRAILING_COUNTRY = Pattern.compile("^(.*?)\\s*\\(([^()]*)\\)\\s*\\.?$");

    /** Everything the remarks stated. */
    public record Facts(List<BirthDate> birthDates, List<String> placesOfBirth, List<CountryRef> countries,
                        List<Identifier> identifiers, List<WalletAddress> wallets, List<String> weakAliases,
                        String gender) {
    }

    private OfacRemarks() {
    }

    public static Facts parse(String remarks) {
        List<BirthDate> dobs = new ArrayList<>();
        List<String> pobs = new ArrayList<>();
        List<CountryRef> countries = new ArrayList<>();
        List<Identifier> ids = new ArrayList<>();
        List<WalletAddress> wallets = new ArrayList<>();
        List<String> weak = new ArrayList<>();
        String gender = null;
        if (remarks == null || remarks.isBlank()) {
            return new Facts(dobs, pobs, countries, ids, wallets, weak, null);
        }
        Matcher w = WALLET.matcher(remarks);
        while (w.find()) {
            wallets.add(WalletAddress.of(w.group(1), w.group(2)));
        }
        for (String raw : PHRASE.split(remarks)) {
            String p = raw.trim();
            if (p.endsWith(".") && !p.endsWith("Ltd.") && !p.endsWith("Inc.")) {
                p = p.substring(0, p.length() - 1);
            }
            if (p.startsWith("alt. ")) {
                p = p.substring(5);
            }
            Matcher alias = WEAK_ALIAS.matcher(p);
            if (alias.matches()) {
                weak.add(alias.group(1));
            } else if (p.startsWith("DOB ")) {
                birthDate(p.substring(4)).ifPresent(dobs::add);
            } else if (p.startsWith("POB ")) {
                String place = p.substring(4).trim();
                pobs.add(place);
                String last = place.contains(",") ? place.substring(place.lastIndexOf(',') + 1) : place;
                Countries.code(last).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.BIRTH)));
            } else if (p.startsWith("nationality ")) {
                Countries.code(p.substring(12)).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.NATIONALITY)));
            } else if (p.startsWith("citizen ")) {
                Countries.code(p.substring(8)).ifPresent(c -> countries.add(new CountryRef(c, CountryRef.Role.CITIZENSHIP)));
            } else if (p.startsWith("Gender ")) {
                gender = p.substring(7).trim().toLowerCase(Locale.ROOT);
            } else if (!p.startsWith("Digital Currency Address")) {
                identifier(p).ifPresent(ids::add);
            }
        }
        return new Facts(dobs, pobs, countries, ids, wallets, weak, gender);
    }

    /** "28 Jul 1963", "Jul 1963", "1963", "circa 1951", "1958 to 1960", "01 Jan 1960 to 31 Dec 1962". */
    static Optional<BirthDate> birthDate(String text) {
        String t = text.trim();
        boolean circa = false;
        if (t.startsWith("circa ")) {
            circa = true;
            t = t.substring(6).trim();
        }
        String[] range = t.split("\\s+to\\s+");
        Optional<PartialDate> from = date(range[0]);
        if (from.isEmpty()) {
            return Optional.empty();
        }
        Optional<PartialDate> to = range.length > 1 ? date(range[1]) : from;
        return Optional.of(new BirthDate(from.get(), to.orElse(from.get()), circa));
    }

    static Optional<PartialDate> date(String text) {
        Matcher m = DATE.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        Integer month = m.group(2) == null ? null : MONTHS.get(m.group(2).toUpperCase(Locale.ROOT));
        if (m.group(2) != null && month == null) {
            return Optional.empty();
        }
        Integer day = m.group(1) == null || month == null ? null : Integer.valueOf(m.group(1));
        return Optional.of(new PartialDate(Integer.parseInt(m.group(3)), month, day));
    }

    static Optional<Identifier> identifier(String phrase) {
        for (String label : ID_LABELS) {
            if (phrase.startsWith(label + " ")) {
                String rest = phrase.substring(label.length()).trim();
                rest = NUMBER_WORD.matcher(rest).replaceFirst("");
                String country = null;
                Matcher c = TRAILING_COUNTRY.matcher(rest);
                if (c.matches()) {
                    Optional<String> code = Countries.code(c.group(2));
                    if (code.isPresent()) {
                        country = code.get();
                        rest = c.group(1);
                    }
                }
                String value = VALUE_END.split(rest, 2)[0].trim();
                if (value.isEmpty() || value.chars().noneMatch(Character::isDigit)) {
                    return Optional.empty();
                }
                return Optional.of(Identifier.of(label.replace(".", "").replace("#", "").trim(), value, country));
            }
        }
        return Optional.empty();
    }
}
