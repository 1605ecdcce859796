package dev.quipu.registry.taxid;

/** Whether the identifier itself says it belongs to a company or to a person. */
public enum PartyKind {
    /** Persona jurídica / moral: CNPJ, RFC of 12 characters, RUC prefix 20. */
    LEGAL_ENTITY("persona_juridica"),
    /** Persona natural / física: CPF, RFC of 13 characters, RUC prefix 10. */
    NATURAL_PERSON("persona_natural"),
    /** The identifier does not say (NIT, RUT, RUC prefixes 15 and 17, the generic RFCs). */
    UNSPECIFIED("unspecified");

    private final String code;

    PartyKind(String code) {
        this.code = code;
    }

    /** The value as written in JSON. */
    public String code() {
        return code;
    }
}
