package dev.quipu.registry.br;

import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Listing;
import dev.quipu.registry.company.Person;
import dev.quipu.registry.store.StoredRow;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What CVM's register of public companies says: the company's names, its CVM registration (a listing),
 * the seat's address and constitution date, the investor-relations officer. The situation ({@code SIT})
 * is the CVM registration's, not the company's: only {@code ATIVO} (a listed company in operation) and a
 * cancellation because the company ceased (merged in, liquidated, extinct) say something of the company.
 */
final class CvmAnswer {

    private CvmAnswer() {
    }

    /** The CVM registrations of the company, one listing per CVM code (markets joined). */
    static void listings(List<StoredRow> rows, BrAssembly a) {
        Map<String, List<StoredRow>> byCode = rows.stream().collect(Collectors.groupingBy(
                r -> r.fields().getOrDefault("CD_CVM", "?"), LinkedHashMap::new, Collectors.toList()));
        byCode.forEach((code, same) -> {
            Map<String, String> f = same.get(0).fields();
            String markets = same.stream().map(r -> r.fields().get("TP_MERC")).filter(m -> m != null)
                    .distinct().collect(Collectors.joining(", "));
            String reference = "CD_CVM " + code + (markets.isEmpty() ? "" : " (" + markets + ")")
                    + (f.get("CATEG_REG") == null ? "" : ", " + f.get("CATEG_REG"));
            String status = f.get("SIT") == null ? null
                    : f.get("MOTIVO_CANCEL") == null ? f.get("SIT") : f.get("SIT") + " (" + f.get("MOTIVO_CANCEL") + ")";
            a.anotherListing(new Listing(BrAssembly.CVM, same.get(0).dataset(), status,
                    CvmCiasAbertasDataset.date(f.get("DT_INI_SIT")), reference, same.get(0).load().cutOff(), List.of()));
        });
    }

    /** Company-level facts from the company's own CVM record (a head office CNPJ). */
    static void company(StoredRow row, BrAssembly a) {
        Map<String, String> f = row.fields();
        String src = row.dataset();
        a.company.legalName(f.get("DENOM_SOCIAL"), src);
        a.company.tradeName(f.get("DENOM_COMERC"), src);
        CompanyStatus status = status(f.get("SIT"), f.get("MOTIVO_CANCEL"), CvmCiasAbertasDataset.date(f.get("DT_INI_SIT")));
        a.company.status(status, src);
        if (status != null && CompanyStatus.DISSOLVED.equals(status.normalised())) {
            a.company.dissolutionDate(CvmCiasAbertasDataset.date(f.get("DT_CANCEL")), src);
        }
        a.company.registrationDate(CvmCiasAbertasDataset.date(f.get("DT_CONST")), src);
        String pais = f.get("PAIS");
        if (pais == null || pais.equalsIgnoreCase("BRASIL")) {
            String street = RfbAnswer.join(", ", f.get("LOGRADOURO"), f.get("COMPL"));
            if (street != null || f.get("MUN") != null) {
                a.company.address(new Address(street, f.get("BAIRRO"), f.get("MUN"), f.get("UF"), cep(f.get("CEP")), "BR"), src);
            }
        }
        if (f.get("RESP") != null) {
            a.company.representatives(List.of(new Person(f.get("RESP"), "natural_person", null, f.get("TP_RESP"),
                    CvmCiasAbertasDataset.date(f.get("DT_INI_RESP")), null, null)), src);
        }
    }

    /**
     * {@code ATIVO} → active; {@code CANCELADA} because the company was merged into another, liquidated or
     * extinct ({@code ELISÃO POR INCORPORAÇÃO|LIQUIDAÇÃO|EXTINÇÃO DA CIA}, {@code INCORPORAÇÃO}) → dissolved;
     * any other cancellation or suspension (the company may well go on, unlisted) → unknown.
     */
    static CompanyStatus status(String sit, String motivo, LocalDate since) {
        if (sit == null) {
            return null;
        }
        String wording = motivo == null ? sit : sit + " (" + motivo + ")";
        String upper = wording.toUpperCase(Locale.ROOT);
        String normalised;
        if (sit.equalsIgnoreCase("ATIVO")) {
            normalised = CompanyStatus.ACTIVE;
        } else if (sit.equalsIgnoreCase("CANCELADA") && (upper.contains("INCORPORAÇÃO") || upper.contains("ELISÃO POR LIQUIDAÇÃO")
                || upper.contains("EXTINÇÃO"))) {
            normalised = CompanyStatus.DISSOLVED;
        } else {
            normalised = CompanyStatus.UNKNOWN;
        }
        return new CompanyStatus(wording, normalised, since);
    }

    /** CVM writes the CEP as a number, dropping its leading zero ({@code 4711130}); a CEP is 8 digits. */
    static String cep(String cep) {
        if (cep == null || !cep.chars().allMatch(Character::isDigit) || cep.length() > 8) {
            return cep;
        }
        return "0".repeat(8 - cep.length()) + cep;
    }
}
