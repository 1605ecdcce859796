package dev.quipu.registry.br;

import dev.quipu.registry.company.CompanyStatus;

import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;

/**
 * The RFB's situação cadastral of an establishment, its wording and our normalised reading:
 * 01 NULA (the registration was annulled: void) → inactive; 02 ATIVA → active; 03 SUSPENSA → suspended;
 * 04 INAPTA (failed its filings or was not found at its address; may be reinstated) → inactive;
 * 08 BAIXADA (the CNPJ closed, the company extinct) → dissolved.
 */
final class RfbSituacao {

    private static final Map<String, String> WORDING = Map.of("01", "NULA", "1", "NULA", "02", "ATIVA", "2", "ATIVA",
            "03", "SUSPENSA", "3", "SUSPENSA", "04", "INAPTA", "4", "INAPTA", "08", "BAIXADA", "8", "BAIXADA");

    private RfbSituacao() {
    }

    /** The RFB's wording of a situação code ({@code 02} or {@code 2}), or null for a code it does not use. */
    static String wording(String code) {
        return code == null ? null : WORDING.get(code.strip());
    }

    /** The normalised reading of the RFB's wording. */
    static String normalise(String wording) {
        if (wording == null) {
            return CompanyStatus.UNKNOWN;
        }
        return switch (wording.strip().toUpperCase(Locale.ROOT)) {
            case "ATIVA" -> CompanyStatus.ACTIVE;
            case "SUSPENSA" -> CompanyStatus.SUSPENDED;
            case "INAPTA", "NULA" -> CompanyStatus.INACTIVE;
            case "BAIXADA" -> CompanyStatus.DISSOLVED;
            default -> CompanyStatus.UNKNOWN;
        };
    }

    /**
     * The status, the motivo appended to the wording when there is one ({@code BAIXADA (EXTINCAO POR
     * ENCERRAMENTO LIQUIDACAO VOLUNTARIA)}); {@code 00 SEM MOTIVO} adds nothing.
     */
    static CompanyStatus status(String wording, String motivo, LocalDate since) {
        if (wording == null) {
            return null;
        }
        String said = motivo == null || motivo.isBlank() || motivo.strip().equalsIgnoreCase("SEM MOTIVO")
                ? wording : wording + " (" + motivo.strip() + ")";
        return new CompanyStatus(said, normalise(wording), since);
    }
}
