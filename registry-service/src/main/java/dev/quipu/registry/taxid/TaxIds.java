package dev.quipu.registry.taxid;

import jakarta.inject.Singleton;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The check a controller calls: one entry per request shape. {@code /registry} names the type
 * ({@link #forRegistry}); {@code /entity} and the KYB calls do not, so it is read from the country and
 * the identifier's shape ({@link #forEntity}).
 */
@Singleton
public final class TaxIds {

    private final Map<TaxIdType, TaxIdValidator> validators = new EnumMap<>(TaxIdType.class);

    public TaxIds() {
        for (TaxIdValidator v : List.of(new Nit(), new Cnpj(), new Cpf(), new Rfc(), new Rut(), new Ruc())) {
            validators.put(v.type(), v);
        }
    }

    /** Checks an identifier of a known type. */
    public TaxIdCheck check(TaxIdType type, String identifier) {
        return validators.get(type).check(identifier);
    }

    /**
     * {@code /registry}: {@code id_type} must be known and belong to {@code country} (nit↔CO,
     * cnpj/cpf↔BR, rfc↔MX, rut↔CL, ruc↔PE); then the identifier is checked as that type.
     */
    public TaxIdCheck forRegistry(String country, String idType, String identifier) {
        if (TaxIdType.ofCountry(country).isEmpty()) {
            return unsupported(country);
        }
        var type = TaxIdType.fromCode(idType);
        if (type.isEmpty()) {
            return TaxIdCheck.invalid(null, TaxIdRule.ID_TYPE_UNKNOWN.because("id_type must be one of "
                    + codes(List.of(TaxIdType.values())) + "; got \"" + idType + "\""));
        }
        if (!type.get().belongsTo(country)) {
            return TaxIdCheck.invalid(type.get(), TaxIdRule.ID_TYPE_COUNTRY.because("id_type " + type.get().code()
                    + " is issued in " + type.get().country() + ", not " + country + "; " + country + " uses "
                    + codes(TaxIdType.ofCountry(country))));
        }
        return check(type.get(), identifier);
    }

    /**
     * {@code /entity}: the type follows from the country; Brazil issues two, told apart by length once
     * the mask is dropped (14 characters: CNPJ; 11: CPF).
     */
    public TaxIdCheck forEntity(String country, String identifier) {
        List<TaxIdType> types = TaxIdType.ofCountry(country);
        if (types.isEmpty()) {
            return unsupported(country);
        }
        if (types.size() == 1) {
            return check(types.get(0), identifier);
        }
        String bare = IdText.clean(identifier, "./-");
        if (bare.isEmpty()) {
            return TaxIdCheck.invalid(null, TaxIdRule.IDENTIFIER_EMPTY.because("The identifier is empty"));
        }
        return switch (bare.length()) {
            case Cnpj.LENGTH -> check(TaxIdType.CNPJ, identifier);
            case Cpf.LENGTH -> check(TaxIdType.CPF, identifier);
            default -> TaxIdCheck.invalid(null, TaxIdRule.IDENTIFIER_UNRECOGNISED.because("A Brazilian identifier"
                    + " is a CNPJ (" + Cnpj.LENGTH + " characters) or a CPF (" + Cpf.LENGTH + " digits), leading zeros"
                    + " included; this one has " + bare.length()));
        };
    }

    private static TaxIdCheck unsupported(String country) {
        return TaxIdCheck.invalid(null, TaxIdRule.COUNTRY_UNSUPPORTED.because("Tax identifiers are checked for "
                + Arrays.stream(TaxIdType.values()).map(TaxIdType::country).distinct()
                .collect(Collectors.joining(", "))
                + "; got \"" + country + "\""));
    }

    private static String codes(List<TaxIdType> types) {
        return types.stream().map(TaxIdType::code).collect(Collectors.joining(", "));
    }
}
