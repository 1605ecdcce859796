package dev.quipu.registry.taxid;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The tax identifiers the registry knows, each with the one country that issues it. The spec's
 * {@code /registry} {@code id_type} lists nit, cnpj, rfc, rut and ruc; cpf is here for {@code /entity},
 * where a Brazilian identifier of 11 digits is a CPF.
 */
public enum TaxIdType {
    NIT("nit", "CO", "NIT"),
    CNPJ("cnpj", "BR", "CNPJ"),
    CPF("cpf", "BR", "CPF"),
    RFC("rfc", "MX", "RFC"),
    RUT("rut", "CL", "RUT"),
    RUC("ruc", "PE", "RUC");

    private final String code;
    private final String country;
    private final String label;

    TaxIdType(String code, String country, String label) {
        this.code = code;
        this.country = country;
        this.label = label;
    }

    /** The {@code id_type} value, lower case. */
    public String code() {
        return code;
    }

    /** ISO 3166-1 alpha-2 code of the issuing country. */
    public String country() {
        return country;
    }

    /** How the identifier is named in messages, e.g. {@code NIT}. */
    public String label() {
        return label;
    }

    public boolean belongsTo(String countryCode) {
        return country.equals(countryCode);
    }

    /** The type whose {@code id_type} value is exactly {@code code} (lower case, as the spec writes it). */
    public static Optional<TaxIdType> fromCode(String code) {
        return Arrays.stream(values()).filter(t -> t.code.equals(code)).findFirst();
    }

    /** The types a country issues (BR: CNPJ and CPF; the others one each; none for other countries). */
    public static List<TaxIdType> ofCountry(String countryCode) {
        return Arrays.stream(values()).filter(t -> t.belongsTo(countryCode)).toList();
    }
}
