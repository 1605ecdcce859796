package dev.quipu.registry.co;

import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.CompanyBuilder;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.store.StoredRow;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * A Supersociedades ranking row into the company block: the name, the domicile (city and department as
 * the ranking gives them) and the CIIU activity; the rank, the supervising superintendency and the year's
 * figures go into a listing, since the ranking is a list of the largest companies and not the registry
 * (the supervisor is not the registration authority; the ranking publishes no status).
 */
final class RankingAssembly {

    /** The figures a ranking gives for each year, in its column order. */
    private static final List<String> FIGURES = List.of("INGRESOS OPERACIONALES", "GANANCIA", "TOTAL ACTIVOS",
            "TOTAL PASIVOS", "TOTAL PATRIMONIO");

    private final CiiuCatalogue ciiu;

    RankingAssembly(CiiuCatalogue ciiu) {
        this.ciiu = ciiu;
    }

    void apply(StoredRow row, CompanyBuilder company, String source) {
        Map<String, String> f = row.fields();
        company.legalName(f.get(RankingRows.NAME), source);
        String city = f.get("CIUDAD DOMICILIO");
        String department = f.get("DEPARTAMENTO DOMICILIO");
        if (city != null || department != null) {
            company.address(new Address(null, null, city, department, null, ColombiaRegistry.COUNTRY), source);
        }
        ciiu.activity(f.get("CIIU"), true).ifPresent(a -> company.activities(List.of(a), source));
    }

    /** e.g. {@code No. 1; supervisor SUPERFINANCIERA; macrosector MINERO; fiscal year 2025, thousands of COP: INGRESOS OPERACIONALES 2025* 100590667613; …}. */
    Listing listing(StoredRow row, String listName, String source) {
        Map<String, String> f = row.fields();
        LocalDate cutOff = row.load().cutOff();
        StringBuilder ref = new StringBuilder();
        String rank = f.entrySet().stream().filter(e -> e.getKey().startsWith("RANKING") || e.getKey().equals("No."))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        if (rank != null) {
            ref.append("No. ").append(rank);
        }
        append(ref, "supervisor", f.get("SUPERVISOR"));
        append(ref, "macrosector", f.get("MACROSECTOR"));
        if (cutOff != null) {
            String year = Integer.toString(cutOff.getYear());
            StringBuilder figures = new StringBuilder();
            // in the ranking's column order, whatever order the store hands the fields back in
            for (String label : FIGURES) {
                f.entrySet().stream().filter(e -> e.getKey().startsWith(label) && yearOf(e.getKey()).equals(year))
                        .findFirst().ifPresent(e -> figures.append(figures.isEmpty() ? "" : "; ")
                                .append(e.getKey()).append(' ').append(e.getValue()));
            }
            if (!figures.isEmpty()) {
                append(ref, "fiscal year " + year + ", thousands of COP:", figures.toString());
            }
        }
        return new Listing(listName, source, null, null, ref.isEmpty() ? null : ref.toString(), cutOff, List.of());
    }

    private static String yearOf(String column) {
        String bare = column.endsWith("*") ? column.substring(0, column.length() - 1) : column;
        return bare.substring(bare.lastIndexOf(' ') + 1);
    }

    private static void append(StringBuilder ref, String label, String value) {
        if (value != null) {
            ref.append(ref.isEmpty() ? "" : "; ").append(label).append(' ').append(value);
        }
    }
}
