package dev.quipu.registry.taxid;

/** Normalises and checks one kind of tax identifier. Implementations hold no state. */
public interface TaxIdValidator {

    TaxIdType type();

    /** Never throws on bad input: every problem is a {@link Finding} in the result. */
    TaxIdCheck check(String identifier);
}
