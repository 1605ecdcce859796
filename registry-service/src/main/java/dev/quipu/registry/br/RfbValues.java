package dev.quipu.registry.br;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Set;

/** How the RFB writes values: dates {@code yyyyMMdd} ({@code 00000000}: none), money {@code 10000,00}, coded bands. */
final class RfbValues {

    private static final DateTimeFormatter BASIC = DateTimeFormatter.BASIC_ISO_DATE;

    /** porte_empresa; {@code 00} (não informado) is no size. */
    private static final Map<String, String> PORTE = Map.of("01", "MICRO EMPRESA", "03", "EMPRESA DE PEQUENO PORTE",
            "05", "DEMAIS");

    /** faixa_etaria, in the RFB layout's bands (worded as minha-receita words them); {@code 0} is "não se aplica". */
    private static final Map<String, String> AGE = Map.of("1", "Entre 0 a 12 anos", "2", "Entre 13 a 20 anos",
            "3", "Entre 21 a 30 anos", "4", "Entre 31 a 40 anos", "5", "Entre 41 a 50 anos", "6", "Entre 51 a 60 anos",
            "7", "Entre 61 a 70 anos", "8", "Entre 71 a 80 anos", "9", "Maiores de 80 anos");

    /**
     * Qualificações that manage or answer for the company (their QSA holder is one of its representatives):
     * administrador, diretor, presidente, procurador, sócio-gerente, sócio-administrador, empresário,
     * administrador judicial, titular (of a one-person company), and their abroad variants.
     */
    static final Set<String> REPRESENTING = Set.of("05", "10", "16", "17", "28", "49", "50", "64", "65", "66", "70",
            "72", "73", "74", "78", "79");

    /** The placeholder the RFB writes where a partner has no legal representative. */
    static final String NO_REPRESENTATIVE = "***000000**";

    private RfbValues() {
    }

    static LocalDate date(String yyyymmdd) {
        if (yyyymmdd == null || yyyymmdd.isBlank() || yyyymmdd.strip().chars().allMatch(c -> c == '0')) {
            return null;
        }
        try {
            return LocalDate.parse(yyyymmdd.strip(), BASIC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@code 10000,00} → 10000.00; the RFB writes no thousands separator. */
    static BigDecimal money(String decimalComma) {
        if (decimalComma == null || decimalComma.isBlank()) {
            return null;
        }
        try {
            return new BigDecimal(decimalComma.strip().replace(',', '.'));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String porte(String code) {
        return code == null ? null : PORTE.get(RfbCodeTables.pad(code, 2));
    }

    static String ageBand(String code) {
        return code == null ? null : AGE.get(code.strip());
    }

    /** identificador_socio: 1 pessoa jurídica, 2 pessoa física, 3 estrangeiro. */
    static String personKind(String code) {
        if (code == null) {
            return "unknown";
        }
        return switch (code.strip()) {
            case "1" -> "legal_person";
            case "2" -> "natural_person";
            case "3" -> "foreign";
            default -> "unknown";
        };
    }

    /** identificador_matriz_filial: 1 matriz, 2 filial. */
    static String registrationType(String code) {
        if (code == null) {
            return null;
        }
        return switch (code.strip()) {
            case "1" -> "CNPJ — estabelecimento matriz";
            case "2" -> "CNPJ — estabelecimento filial";
            default -> null;
        };
    }
}
