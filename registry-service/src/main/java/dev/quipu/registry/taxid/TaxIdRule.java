package dev.quipu.registry.taxid;

/**
 * Every rule a tax identifier can fail, with its stable code (the 422 {@code type}), the request field
 * it is about and whether it only warns. The codes are part of the API: rename none of them.
 */
public enum TaxIdRule {

    COUNTRY_UNSUPPORTED("country.unsupported", "country"),
    ID_TYPE_UNKNOWN("id_type.unknown", "id_type"),
    ID_TYPE_COUNTRY("id_type.country", "id_type"),
    IDENTIFIER_EMPTY("identifier.empty", "identifier"),
    IDENTIFIER_UNRECOGNISED("identifier.unrecognised", "identifier"),

    NIT_FORMAT("nit.format", "identifier"),
    NIT_LENGTH("nit.length", "identifier"),
    NIT_ZERO("nit.zero", "identifier"),
    NIT_CHECK_DIGIT("nit.check_digit", "identifier"),
    NIT_CHECK_DIGIT_MISSING("nit.check_digit_missing", "identifier", true),

    CNPJ_FORMAT("cnpj.format", "identifier"),
    CNPJ_LENGTH("cnpj.length", "identifier"),
    CNPJ_REPEATED_DIGITS("cnpj.repeated_digits", "identifier"),
    CNPJ_CHECK_DIGIT("cnpj.check_digit", "identifier"),

    CPF_FORMAT("cpf.format", "identifier"),
    CPF_LENGTH("cpf.length", "identifier"),
    CPF_REPEATED_DIGITS("cpf.repeated_digits", "identifier"),
    CPF_CHECK_DIGIT("cpf.check_digit", "identifier"),

    RFC_FORMAT("rfc.format", "identifier"),
    RFC_LENGTH("rfc.length", "identifier"),
    RFC_DATE("rfc.date", "identifier"),
    /** About 1 % of real RFCs carry a wrong check digit (SAT 69-B list, research note §4.4): warn only. */
    RFC_CHECK_DIGIT("rfc.check_digit", "identifier", true),
    RFC_GENERIC("rfc.generic", "identifier", true),

    RUT_FORMAT("rut.format", "identifier"),
    RUT_LENGTH("rut.length", "identifier"),
    RUT_ZERO("rut.zero", "identifier"),
    RUT_CHECK_DIGIT("rut.check_digit", "identifier"),

    RUC_FORMAT("ruc.format", "identifier"),
    RUC_LENGTH("ruc.length", "identifier"),
    RUC_PREFIX("ruc.prefix", "identifier"),
    RUC_CHECK_DIGIT("ruc.check_digit", "identifier");

    private final String code;
    private final String field;
    private final boolean warning;

    TaxIdRule(String code, String field) {
        this(code, field, false);
    }

    TaxIdRule(String code, String field, boolean warning) {
        this.code = code;
        this.field = field;
        this.warning = warning;
    }

    /** The stable code, e.g. {@code nit.check_digit}. */
    public String code() {
        return code;
    }

    /** The request body field the rule is about: {@code identifier}, {@code id_type} or {@code country}. */
    public String field() {
        return field;
    }

    /** A warning leaves the identifier valid; any other rule makes it invalid. */
    public boolean warning() {
        return warning;
    }

    /** A finding of this rule with its human message. */
    Finding because(String message) {
        return new Finding(this, message);
    }
}
